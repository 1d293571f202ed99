import type { Db } from './db';
import type { CatalogueStore } from './store';

export interface Context {
  db: Db;
  catalogue: CatalogueStore;
  secret: string;
  tokenTtlSeconds: number;
  storefrontUrl: string;
  now: () => Date;
  log: (msg: string) => void;
}
