import type { Storage } from '../../core/ports/storage';

/**
 * In-memory Storage for the server (SSR: nothing persists per request) and for tests.
 * Values are stored as JSON text, exactly as the IndexedDB adapter serialises them, so a test that passes
 * here does not depend on object identity.
 */
export class MemoryStorage implements Storage {
  private readonly data = new Map<string, Map<string, string>>();

  private bucket(collection: string): Map<string, string> {
    let b = this.data.get(collection);
    if (!b) {
      b = new Map();
      this.data.set(collection, b);
    }
    return b;
  }

  async get<T>(collection: string, key: string): Promise<T | undefined> {
    const raw = this.bucket(collection).get(key);
    if (raw === undefined) return undefined;
    try {
      return JSON.parse(raw) as T;
    } catch {
      this.bucket(collection).delete(key);
      return undefined;
    }
  }

  async set<T>(collection: string, key: string, value: T): Promise<void> {
    this.bucket(collection).set(key, JSON.stringify(value));
  }

  async remove(collection: string, key: string): Promise<void> {
    this.bucket(collection).delete(key);
  }

  async keys(collection: string): Promise<string[]> {
    return [...this.bucket(collection).keys()].sort();
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
