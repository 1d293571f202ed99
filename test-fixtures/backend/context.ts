import type { Db } from './db';
import type { CatalogueStore } from './store';
import type { LoginThrottle } from './throttle';

export interface Context {
  db: Db;
  catalogue: CatalogueStore;
  secret: string;
  tokenTtlSeconds: number;
  /** where mailed links point (the first STOREFRONT_URL) */
  storefrontUrl: string;
  /** origins a payment's redirectUrl may point at */
  storefrontOrigins: string[];
  /** the only addresses /api/ext/mail-service/send-email delivers to (lower case): the shop's own mailboxes */
  mailTargets: readonly string[];
  /** development routes are mounted */
  dev: boolean;
  loginThrottle: LoginThrottle;
  /** the payment provider's offer: method ids listed (default all) and whether iDEAL lists its banks (default yes) */
  psp?: { methods?: readonly string[]; issuers?: boolean };
  now: () => Date;
  log: (msg: string) => void;
}
