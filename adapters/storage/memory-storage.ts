import type { Storage } from '../../core/ports/storage';

/**
 * In-memory Storage. Values are kept as JSON text, as IndexedDB keeps them, so tests do not depend on object identity;
 * `{ serialise: false }` keeps the values themselves (a render's storage: its answers are read-only and short-lived).
 */
export class MemoryStorage implements Storage {
  private readonly data = new Map<string, Map<string, unknown>>();
  private readonly serialise: boolean;

  constructor({ serialise = true }: { serialise?: boolean } = {}) {
    this.serialise = serialise;
  }

  async get<T>(collection: string, key: string): Promise<T | undefined> {
    const stored = this.data.get(collection)?.get(key);
    // what set() wrote as JSON always parses
    return (stored === undefined || !this.serialise ? stored : JSON.parse(stored as string)) as T | undefined;
  }

  async set<T>(collection: string, key: string, value: T): Promise<void> {
    if (!this.data.has(collection)) this.data.set(collection, new Map());
    this.data.get(collection)!.set(key, this.serialise ? JSON.stringify(value) : value);
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
