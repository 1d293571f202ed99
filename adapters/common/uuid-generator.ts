import type { IdGenerator } from '../../core/ports/id-generator';

/** Random UUIDs from Web Crypto (present in browsers and Node 20 alike). */
export class UuidGenerator implements IdGenerator {
  next(): string {
    return globalThis.crypto.randomUUID();
  }
}
