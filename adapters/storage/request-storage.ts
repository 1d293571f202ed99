import type { Storage } from '../../core/ports/storage';

/**
 * The server's Storage for one request: nothing outlives the render, so values are kept as they are (no JSON
 * copy). MemoryStorage serialises like IndexedDB does, which is what tests want; on the server it stringified every
 * search answer and product of a render only to drop them with the request. Callers treat stored values as
 * read-only (core's state is immutable), so keeping the reference is safe.
 */
export class RequestStorage implements Storage {
  private readonly data = new Map<string, Map<string, unknown>>();

  private bucket(collection: string): Map<string, unknown> {
    let b = this.data.get(collection);
    if (!b) {
      b = new Map();
      this.data.set(collection, b);
    }
    return b;
  }

  async get<T>(collection: string, key: string): Promise<T | undefined> {
    return this.data.get(collection)?.get(key) as T | undefined;
  }

  async set<T>(collection: string, key: string, value: T): Promise<void> {
    this.bucket(collection).set(key, value);
  }

  async remove(collection: string, key: string): Promise<void> {
    this.data.get(collection)?.delete(key);
  }

  async keys(collection: string): Promise<string[]> {
    return [...(this.data.get(collection)?.keys() ?? [])].sort();
  }

  async entries<T>(collection: string): Promise<Array<[string, T]>> {
    const b = this.data.get(collection);
    if (!b) return [];
    return [...b.keys()]
      .sort()
      .filter((k) => b.get(k) !== undefined)
      .map((k) => [k, b.get(k) as T]);
  }

  async clear(collection: string): Promise<void> {
    this.data.delete(collection);
  }
}
