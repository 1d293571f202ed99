import { openDB, type IDBPDatabase } from 'idb';
import type { Logger } from '../../core/ports/logger';
import { StorageQuotaError, type Storage } from '../../core/ports/storage';

const STORE = 'entries';

interface Row {
  collection: string;
  key: string;
  value: string;
}

/**
 * IndexedDB Storage: one object store keyed [collection, key] (a new collection needs no upgrade), values as JSON text.
 * An unreadable entry is dropped with a warning, never thrown; a full quota on write is a StorageQuotaError.
 */
export class IdbStorage implements Storage {
  private db: Promise<IDBPDatabase> | undefined;

  constructor(
    private readonly dbName: string,
    private readonly logger: Logger,
  ) {}

  /** async: an absent IndexedDB, or an open() that throws at once, is a rejection every read handles, not a throw */
  private async open(): Promise<IDBPDatabase> {
    this.db ??= openDB(this.dbName, 1, {
      upgrade: (db) => void db.createObjectStore(STORE, { keyPath: ['collection', 'key'] }),
    });
    return this.db;
  }

  private parse<T>(collection: string, key: string, row: Partial<Row> | undefined): T | undefined {
    if (row === undefined) return undefined;
    try {
      if (typeof row.value !== 'string') throw new Error('not a JSON text');
      return JSON.parse(row.value) as T;
    } catch (e) {
      this.logger.warn(`corrupt storage entry ${collection}/${key} dropped`, 'storage', e);
      void this.remove(collection, key).catch(() => undefined);
      return undefined;
    }
  }

  async get<T>(collection: string, key: string): Promise<T | undefined> {
    const row: Partial<Row> | undefined = await this.open()
      .then((db) => db.get(STORE, [collection, key]))
      .catch((e: unknown) => void this.logger.warn(`storage entry ${collection}/${key} unreadable`, 'storage', e));
    return this.parse<T>(collection, key, row);
  }

  async set<T>(collection: string, key: string, value: T): Promise<void> {
    const row: Row = { collection, key, value: JSON.stringify(value) ?? 'null' };
    try {
      await (await this.open()).put(STORE, row);
    } catch (e) {
      const name = (e as { name?: string } | null)?.name;
      const full = name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
      throw full ? new StorageQuotaError((e as Error).message) : e;
    }
  }

  async remove(collection: string, key: string): Promise<void> {
    await (await this.open()).delete(STORE, [collection, key]);
  }

  /** every key of one collection */
  private range(collection: string): IDBKeyRange {
    return IDBKeyRange.bound([collection, ''], [collection, '\uffff\uffff']);
  }

  async keys(collection: string): Promise<string[]> {
    const keys = await (await this.open()).getAllKeys(STORE, this.range(collection));
    return keys.map((k) => String((k as [string, string])[1]));
  }

  async entries<T>(collection: string): Promise<Array<[string, T]>> {
    const rows: Array<Partial<Row>> = await this.open()
      .then((db) => db.getAll(STORE, this.range(collection)))
      .catch((e: unknown) => {
        this.logger.warn(`storage collection ${collection} unreadable`, 'storage', e);
        return [];
      });
    return rows.flatMap((row) => {
      const key = String(row.key);
      const value = this.parse<T>(collection, key, row);
      return value === undefined ? [] : [[key, value] as [string, T]];
    });
  }

  async clear(collection: string): Promise<void> {
    await (await this.open()).delete(STORE, this.range(collection));
  }

  /** close the connection (tests, page hide) */
  async close(): Promise<void> {
    if (this.db) (await this.db).close();
    this.db = undefined;
  }
}
