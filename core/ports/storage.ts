/**
 * Persistent key-value storage in named collections (the spec's local storage buckets) of JSON values. A corrupt
 * entry is dropped (with a warning) and read as `undefined`; a write over the quota throws StorageQuotaError.
 */
export interface Storage {
  get<T>(collection: string, key: string): Promise<T | undefined>;
  set<T>(collection: string, key: string, value: T): Promise<void>;
  remove(collection: string, key: string): Promise<void>;
  keys(collection: string): Promise<string[]>;
  /** all entries of a collection, in key order */
  entries<T>(collection: string): Promise<Array<[string, T]>>;
  clear(collection: string): Promise<void>;
}

export class StorageQuotaError extends Error {
  constructor(message = 'storage quota exceeded') {
    super(message);
    this.name = 'StorageQuotaError';
  }
}

/** The collection names the spec's browser storage holds (transactions §7, catalogue §4.4). */
export const STORAGE_COLLECTIONS = {
  cart: 'carts',
  checkout: 'checkout',
  compare: 'compare',
  wishlist: 'wishlist',
  user: 'user',
  claims: 'claims',
  syncTasks: 'syncTasks',
  orders: 'orders',
  elasticCache: 'elasticCache',
  products: 'products',
  categories: 'categories',
  attributes: 'attributes',
  urlCache: 'url',
} as const;
