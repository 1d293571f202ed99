import type { Storage } from '../../core/ports/storage';

/**
 * In-memory Storage for tests and for the server's per-request storage.
 * By default values are stored as JSON text, exactly as the IndexedDB adapter serialises them, so a test that passes
 * here does not depend on object identity. `{ serialise: false }` keeps values as they are: the server's storage for
 * one request (RequestStorage) would otherwise stringify every search answer of a render only to drop it with the
 * request; callers treat stored values as read-only (core's state is immutable), so keeping the reference is safe.
 */
export class MemoryStorage implements Storage {
  private readonly data = new Map<string, Map<string, unknown>>();
  private readonly serialise: boolean;

  constructor(options: { serialise?: boolean } = {}) {
    this.serialise = options.serialise ?? true;
  }

  private bucket(collection: string): Map<string, unknown> {
    let b = this.data.get(collection);
    if (!b) {
      b = new Map();
      this.data.set(collection, b);
    }
    return b;
  }

  async get<T>(collection: string, key: string): Promise<T | undefined> {
    const stored = this.data.get(collection)?.get(key);
    if (stored === undefined || !this.serialise) return stored as T | undefined;
    try {
      return JSON.parse(stored as string) as T;
    } catch {
      this.bucket(collection).delete(key);
      return undefined;
    }
  }

  async set<T>(collection: string, key: string, value: T): Promise<void> {
    this.bucket(collection).set(key, this.serialise ? JSON.stringify(value) : value);
  }

  async remove(collection: string, key: string): Promise<void> {
    this.data.get(collection)?.delete(key);
  }

  async keys(collection: string): Promise<string[]> {
    return [...(this.data.get(collection)?.keys() ?? [])].sort();
  }

  async entries<T>(collection: string): Promise<Array<[string, T]>> {
    const out: Array<[string, T]> = [];
    for (const key of await this.keys(collection)) {
      const v = await this.get<T>(collection, key);
      if (v !== undefined) out.push([key, v]);
    }
    return out;
  }

  async clear(collection: string): Promise<void> {
    this.data.delete(collection);
  }
}
