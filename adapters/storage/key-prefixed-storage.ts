import type { Storage } from '../../core/ports/storage';

/**
 * The catalogue caches of one locale's data: the same collections, keys prefixed. `clear` drops the whole collection
 * (only catalogue caches use it, which any locale may refill).
 */
export class KeyPrefixedStorage implements Storage {
  constructor(
    private readonly inner: Storage,
    private readonly prefix: string,
  ) {}

  get<T>(collection: string, key: string): Promise<T | undefined> {
    return this.inner.get<T>(collection, this.prefix + key);
  }
  set<T>(collection: string, key: string, value: T): Promise<void> {
    return this.inner.set(collection, this.prefix + key, value);
  }
  remove(collection: string, key: string): Promise<void> {
    return this.inner.remove(collection, this.prefix + key);
  }
  async keys(collection: string): Promise<string[]> {
    return (await this.inner.keys(collection)).filter((k) => k.startsWith(this.prefix)).map((k) => k.slice(this.prefix.length));
  }
  async entries<T>(collection: string): Promise<Array<[string, T]>> {
    return (await this.inner.entries<T>(collection)).filter(([k]) => k.startsWith(this.prefix)).map(([k, v]) => [k.slice(this.prefix.length), v] as [string, T]);
  }
  clear(collection: string): Promise<void> {
    return this.inner.clear(collection);
  }
}
