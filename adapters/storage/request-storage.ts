import { MemoryStorage } from './memory-storage';

/** The server's Storage for one request: nothing outlives the render, so values are kept as they are (no JSON copy). */
export class RequestStorage extends MemoryStorage {
  constructor() {
    super({ serialise: false });
  }
}
