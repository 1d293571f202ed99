import { openDB, type IDBPDatabase } from 'idb';
import type { Logger } from '../../core/ports/logger';
import { StorageQuotaError, type Storage } from '../../core/ports/storage';

/**
 * IndexedDB Storage: one object store keyed [collection, key] (a new collection needs no upgrade), values as JSON text.
 * An unreadable entry is dropped with a warning, never thrown; a full quota on write is a StorageQuotaError.
 */
const STORE = 'entries';
const DB_VERSION = 1;

interface Row {
  collection: string;
  key: string;
  value: string;
}

function isQuotaError(e: unknown): boolean {
  const name = (e as { name?: string } | null)?.name;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

export class IdbStorage implements Storage {
  private db: Promise<IDBPDatabase> | undefined;

  constructor(
    private readonly dbName: string,
    private readonly logger: Logger,
  ) {}

  private open(): Promise<IDBPDatabase> {
    this.db ??= openDB(this.dbName, DB_VERSION, {
      upgrade(db) {
        if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: ['collection', 'key'] });
      },
    });
    return this.db;
  }

  private parse<T>(collection: string, key: string, row: unknown): T | undefined {
    if (row === undefined) return undefined;
    try {
      const value = (row as Row).value;
      if (typeof value !== 'string') throw new Error('not a JSON text');
      return JSON.parse(value) as T;
    } catch (e) {
      this.logger.warn(`corrupt storage entry ${collection}/${key} dropped`, 'storage', e);
      void this.remove(collection, key).catch(() => undefined);
      return undefined;
    }
  }

  async get<T>(collection: string, key: string): Promise<T | undefined> {
    let row: unknown;
    try {
      row = await (await this.open()).get(STORE, [collection, key]);
    } catch (e) {
      this.logger.warn(`storage entry ${collection}/${key} unreadable`, 'storage', e);
      return undefined;
    }
    return this.parse<T>(collection, key, row);
  }

  async set<T>(collection: string, key: string, value: T): Promise<void> {
    const text = JSON.stringify(value);
    try {
      await (await this.open()).put(STORE, { collection, key, value: text === undefined ? 'null' : text } satisfies Row);
    } catch (e) {
      if (isQuotaError(e)) throw new StorageQuotaError((e as Error).message);
      throw e;
    }
  }

  async remove(collection: string, key: string): Promise<void> {
    await (await this.open()).delete(STORE, [collection, key]);
  }

  private range(collection: string): IDBKeyRange {
    return IDBKeyRange.bound([collection, ''], [collection, '\uffff\uffff'], false, false);
  }

  async keys(collection: string): Promise<string[]> {
    const keys = await (await this.open()).getAllKeys(STORE, this.range(collection));
    return keys.map((k) => String((k as [string, string])[1]));
  }

  async entries<T>(collection: string): Promise<Array<[string, T]>> {
    let rows: unknown[];
    try {
      rows = await (await this.open()).getAll(STORE, this.range(collection));
    } catch (e) {
      this.logger.warn(`storage collection ${collection} unreadable`, 'storage', e);
      return [];
    }
    const out: Array<[string, T]> = [];
    for (const row of rows) {
      const key = String((row as Partial<Row>)?.key);
      const v = this.parse<T>(collection, key, row);
      if (v !== undefined) out.push([key, v]);
    }
    return out;
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
