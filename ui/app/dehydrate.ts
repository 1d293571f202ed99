import type { ShopServices as Container } from '../../adapters/wiring';
import { HomeService, type HomeState } from '../../core/catalogue/home-service';
import { CONTAINER_TOKENS, TX } from '../../adapters/wiring';
import { CategoryService, FIRST_STAGE_FIELDS, portableCategoryState, type CategoryState, type PortableCategoryState } from '../../core/catalogue/category-service';
import type { ProductState } from '../../core/catalogue/product-service';
import type { Product } from '../../core/catalogue/types';
import { CmsService } from '../../core/catalogue/cms-service';
import { AttributeService, addAttributes, EMPTY_ATTRIBUTES, type AttributeState } from '../../core/catalogue/attributes';
import { PageResolutionService } from '../../core/routing/page-resolution';

interface Hydratable<T> {
  snapshot(): T;
  hydrate(state: T): void;
}

/** The services whose state the server sends to the browser, by a stable name (a transaction service by its Symbol). */
const HYDRATED_SERVICES: Record<string, symbol | (abstract new (...args: never[]) => Hydratable<unknown>)> = {
  home: HomeService as never,
  orderStatus: TX.OrderStatus,
  category: CategoryService as never,
  // by its token: the product page's part of the wiring comes with its chunk (adapters/wiring-product.ts)
  product: CONTAINER_TOKENS.Product,
  cms: CmsService as never,
  // the option labels a page rendered with (the store view's words): the first browser render reads the same
  attributes: AttributeService as never,
  pageResolution: PageResolutionService as never,
};

export type DehydratedState = Record<string, unknown>;

/** What a listed product needs in the browser: its link, tile, price (every price/tax/date field) and stock. */
const LISTING_FIELDS = new Set([...FIRST_STAGE_FIELDS, 'parentSku', 'small_image', 'thumbnail', 'custom_options', 'bundle_options', 'product_links', 'qty']);
const LISTING_FIELD = /price|tax|_date$/;
const isListingField = (k: string) => LISTING_FIELDS.has(k) || LISTING_FIELD.test(k);
/** A listed product as it travels, made once per frozen product (the read cache's, shared by every render). */
const listedOf = /* @__PURE__ */ new WeakMap<Product, Product>();
function listed(p: Product): Product {
  const kept = listedOf.get(p);
  if (kept) return kept;
  const out = Object.fromEntries(Object.entries(p).filter(([k]) => isListingField(k))) as Product;
  if (Object.isFrozen(p)) listedOf.set(p, Object.freeze(out));
  return out;
}

/** the flat category list as it travels (without children_data), made once per frozen list (as `listed`) */
const portableOf = /* @__PURE__ */ new WeakMap<CategoryState['categories'], CategoryState['categories']>();
function portableCategories(s: CategoryState): PortableCategoryState {
  const kept = portableOf.get(s.categories);
  if (kept) {
    // what portableCategoryState writes (the same keys in the same order), with the list made before
    const { tree: _tree, menu: _menu, ...rest } = s;
    return { ...rest, categories: kept };
  }
  const portable = portableCategoryState(s);
  if (Object.isFrozen(s.categories) && s.categories.every((c) => Object.isFrozen(c))) {
    for (const c of portable.categories) Object.freeze(c);
    portableOf.set(s.categories, Object.freeze(portable.categories));
  }
  return portable;
}

/** Smaller snapshots to carry: listed products' listing fields only, a parent not twice, attributes by code only. */
const SLIM_OUT: Record<string, (state: never) => unknown> = {
  home: (s: HomeState) => ({ ...s, lists: Object.fromEntries(Object.entries(s.lists).map(([k, items]) => [k, items.map(listed)])) }),
  category: (s: CategoryState) => ({ ...portableCategories(s), list: { ...s.list, items: s.list.items.map(listed) } }),
  // related products show as tiles (listing fields only); a configurable's parent is its original (ProductService)
  product: (s: ProductState) => {
    const { parent, ...rest } = s;
    return {
      ...rest,
      ...(parent && parent !== s.original ? { parent } : {}),
      related: Object.fromEntries(Object.entries(s.related).map(([k, items]) => [k, items.map(listed)])),
    };
  },
  // by id and the option labels follow from by code (addAttributes): only labels kept some other way travel
  attributes: (s: AttributeState) => {
    const derived = addAttributes(EMPTY_ATTRIBUTES, Object.values(s.byCode)).labels;
    const labels = Object.fromEntries(Object.entries(s.labels).filter(([k, v]) => derived[k] !== v));
    return { byCode: s.byCode, blacklist: s.blacklist, ...(Object.keys(labels).length ? { labels } : {}) };
  },
};

/** The browser's side of SLIM_OUT: a service's whole state from what travelled (laid over where the service starts). */
const SLIM_IN: Record<string, (state: never) => unknown> = {
  product: (s: ProductState) => (!s.parent && s.original?.type_id === 'configurable' ? { ...s, parent: s.original } : s),
  attributes: (s: Pick<AttributeState, 'byCode' | 'blacklist'> & { labels?: AttributeState['labels'] }) => {
    const built = addAttributes({ ...EMPTY_ATTRIBUTES, blacklist: s.blacklist }, Object.values(s.byCode));
    return { ...built, labels: { ...built.labels, ...s.labels } };
  },
};

/** undefined, functions and symbols: left out of a JSON object, null in a JSON array */
const skipped = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';
/** an object or array JSON.stringify writes key by key (no toJSON, no class instance) */
const plain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !('toJSON' in v) &&
  [Object.prototype, Array.prototype, null].includes(Object.getPrototypeOf(v));

/** JSON.stringify(a) === JSON.stringify(b) without writing either out: stops at the first difference. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const pa = plain(a);
  const pb = plain(b);
  if (!pa || !pb) {
    // a plain object's JSON starts with '{' or '[', a primitive's never
    const other = pa ? b : a;
    if ((pa || pb) && (typeof other !== 'object' || other === null)) return false;
    return JSON.stringify(a) === JSON.stringify(b);
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => sameJson(skipped(x) ? null : x, skipped(b[i]) ? null : b[i]));
  }
  const ka = Object.keys(a).filter((k) => !skipped(a[k]));
  const kb = Object.keys(b).filter((k) => !skipped(b[k]));
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && sameJson(a[k], b[k]));
}

/**
 * The hydrated services' state, slimmed. With `pristine` (`dehydrate(freshContainer)`) fields still at their initial
 * value are left out, and a service left with none is not sent.
 */
export function dehydrate(container: Container, pristine?: DehydratedState): DehydratedState {
  const out: DehydratedState = {};
  for (const [name, id] of Object.entries(HYDRATED_SERVICES)) {
    const snap = container.get<Hydratable<unknown>>(id).snapshot();
    const slim = SLIM_OUT[name] ? SLIM_OUT[name](snap as never) : snap;
    const base = pristine?.[name] as Record<string, unknown> | undefined;
    if (!base || !slim || typeof slim !== 'object') {
      out[name] = slim;
      continue;
    }
    // a flag set false where the service starts without it reads the same (e.g. category.offline)
    const changed = Object.entries(slim as Record<string, unknown>).filter(([k, v]) => !(v === false && base[k] === undefined) && !sameJson(v, base[k]));
    if (changed.length) out[name] = Object.fromEntries(changed);
  }
  return out;
}

/** the hydrated services of the transaction half: ui/app/transactions-ui.tsx hydrates them when it binds them */
export const TRANSACTION_HYDRATED = ['orderStatus'];

/** Hydrates the named services the state has (fields it leaves out keep where the service starts). */
export function hydrateServices(container: Container, state: DehydratedState, names = Object.keys(HYDRATED_SERVICES).filter((n) => !TRANSACTION_HYDRATED.includes(n))): void {
  for (const name of names) {
    const id = HYDRATED_SERVICES[name];
    if (!id || !(name in state)) continue;
    const service = container.get<Hydratable<unknown>>(id);
    // where the service starts, in the form that travels (a category state's tree and menu follow from its list)
    const start = name === 'category' ? portableCategoryState(service.snapshot() as CategoryState) : service.snapshot();
    const sent = state[name];
    const whole = start && typeof start === 'object' && sent && typeof sent === 'object' ? { ...(start as object), ...(sent as object) } : sent;
    service.hydrate(SLIM_IN[name] ? SLIM_IN[name](whole as never) : whole);
  }
}
