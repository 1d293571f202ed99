/**
 * Every constant and toggle of §9 of both spec files, named once: rules and services receive a `ShopConfig`. Sections
 * by subject in config-*.ts; what only the storefront server reads is ui/edge/server-config.ts.
 */
import { CATALOGUE_DEFAULTS } from './config-catalogue';
import { LOCALE_DEFAULTS } from './config-locale';
import { TRANSACTIONS_DEFAULTS } from './config-transactions';
import { UI_DEFAULTS } from './config-ui';

/** A section's type is its defaults' type, read-only all the way down: each field is written once. */
type DeepReadonly<T> = T extends (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;
export type CatalogueConfig = DeepReadonly<typeof CATALOGUE_DEFAULTS>;
export type LocaleConfig = DeepReadonly<typeof LOCALE_DEFAULTS>;
export type TransactionsConfig = DeepReadonly<typeof TRANSACTIONS_DEFAULTS>;
export type UiConfig = DeepReadonly<typeof UI_DEFAULTS>;

export type LocaleCode = 'nl-NL' | 'en-US';
export type SortKey = 'bestsold' | 'latest' | 'price_asc' | 'price_desc';

export interface SortOption {
  readonly key: SortKey;
  /** i18n key of the label */
  readonly label: string;
  readonly field: string;
  readonly direction: 'asc' | 'desc';
}

export interface PriceRange {
  readonly from: number;
  /** undefined or null for the open upper bucket ("150 and up"): both are open */
  readonly to?: number | null;
}

export interface ThumbnailSize {
  readonly width: number;
  readonly height: number;
}

export interface StoreViewConfig {
  readonly storeCode: string;
  readonly storeId: number;
  readonly name: string;
  readonly url: string;
  readonly appendStoreCode: boolean;
  readonly disabled: boolean;
}

export interface ShopConfig extends LocaleConfig, CatalogueConfig, UiConfig, TransactionsConfig {
  readonly shop: {
    /** spec catalogue §1: page title template */
    readonly name: string;
    readonly titleTemplate: string;
    /** spec catalogue §2.6 */
    readonly version: string;
    readonly buildDate: string;
  };
  readonly api: {
    /** where the storefront's own code reaches the API (server side, tests, integrators) */
    readonly url: string;
    /** the base of API and image URLs written into pages; '' = same origin, through the storefront's /api and /img proxy */
    readonly publicUrl: string;
  };
}

export const DEFAULT_CONFIG: ShopConfig = {
  shop: {
    name: 'Papier & Lint',
    titleTemplate: '{title} - {shop} - gift wrapping paper and luxury gift packaging',
    version: '1.12.1',
    buildDate: '2025-04-30',
  },
  api: {
    url: 'http://127.0.0.1:8080',
    publicUrl: '',
  },
  ...LOCALE_DEFAULTS,
  ...CATALOGUE_DEFAULTS,
  ...UI_DEFAULTS,
  ...TRANSACTIONS_DEFAULTS,
};

/** Deep-merge a partial configuration over the defaults (arrays replace). */
export type DeepPartial<T> = { [K in keyof T]?: T[K] extends readonly unknown[] ? T[K] : T[K] extends object ? DeepPartial<T[K]> : T[K] };

export function createConfig(overrides: DeepPartial<ShopConfig> = {}, base: ShopConfig = DEFAULT_CONFIG): ShopConfig {
  return mergeDeep(base, overrides) as ShopConfig;
}

function mergeDeep(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (Array.isArray(over) || typeof over !== 'object' || over === null) return over;
  if (typeof base !== 'object' || base === null || Array.isArray(base)) return over;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [k, v] of Object.entries(over as Record<string, unknown>)) {
    out[k] = mergeDeep((base as Record<string, unknown>)[k], v);
  }
  return out;
}
