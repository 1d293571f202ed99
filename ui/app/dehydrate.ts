import type { ShopServices as Container } from '../../adapters/browser-services';
import { HomeService, type HomeState } from '../../core/catalogue/home-service';
import { TX } from '../../adapters/container-tokens';
import { CategoryService, FIRST_STAGE_FIELDS, portableCategoryState, type CategoryState } from '../../core/catalogue/category-service';
import { ProductService, type ProductState } from '../../core/catalogue/product-service';
import type { Product } from '../../core/catalogue/types';
import { CmsService } from '../../core/catalogue/cms-service';
import { AttributeService, addAttributes, EMPTY_ATTRIBUTES, type AttributeState } from '../../core/catalogue/attributes';
import { PageResolutionService } from '../../core/routing/page-resolution';

interface Hydratable<T> {
  snapshot(): T;
  hydrate(state: T): void;
}

/**
 * The services whose state the server sends to the browser, by a stable name. A transaction service is named by its
 * Symbol (adapters/container-tokens.ts): the browser binds it after first paint and hydrates it then (issue 10).
 */
export const HYDRATED_SERVICES: Record<string, symbol | (abstract new (...args: never[]) => Hydratable<unknown>)> = {
  home: HomeService as never,
  orderStatus: TX.OrderStatus,
  category: CategoryService as never,
  product: ProductService as never,
  cms: CmsService as never,
  // the option labels a page rendered with (issue 12: the store view's words): the first browser render reads the same
  attributes: AttributeService as never,
  pageResolution: PageResolutionService as never,
};

export type DehydratedState = Record<string, unknown>;

/** What a listed product needs in the browser: its link, tile, price (every price/tax/date field) and stock. */
const LISTING_FIELDS = new Set([...FIRST_STAGE_FIELDS, 'parentSku', 'small_image', 'thumbnail', 'custom_options', 'bundle_options', 'product_links', 'qty']);
const LISTING_FIELD = /price|tax|_date$/;
/** field name -> kept in a listing (the names are the catalogue's attribute codes: few; bounded anyway) */
const keptField = new Map<string, boolean>();
function isListingField(k: string): boolean {
  let keep = keptField.get(k);
  if (keep === undefined) {
    keep = LISTING_FIELDS.has(k) || LISTING_FIELD.test(k);
    if (keptField.size < 10_000) keptField.set(k, keep);
  }
  return keep;
}
function listed(p: Product): Product {
  const out: Record<string, unknown> = {};
  for (const k in p) if (Object.hasOwn(p, k) && isListingField(k)) out[k] = (p as unknown as Record<string, unknown>)[k];
  return out as Product;
}

/**
 * Smaller snapshots for the page to carry (server side, `dehydrate`): the category list once (CategoryService rebuilds
 * tree and menu from it), listed products with their listing fields only, a configurable's parent not written twice,
 * attributes by code only. Apart from SLIM_IN so that the browser's bundle, which only hydrates, leaves them out.
 */
const SLIM_OUT: Record<string, (state: never) => unknown> = {
  home: (s: HomeState) => ({ ...s, lists: Object.fromEntries(Object.entries(s.lists).map(([k, items]) => [k, items.map(listed)])) }),
  category: (s: CategoryState) => ({ ...portableCategoryState(s), list: { ...s.list, items: s.list.items.map(listed) } }),
  // related products show as tiles: their listing fields only; a configurable's parent is its original (the service
  // sets it so, ProductService load)
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

/** Where a service starts, in the form that travels: a category state's tree and menu follow from its list. */
const START_OF: Record<string, (state: never) => unknown> = {
  category: (s: CategoryState) => portableCategoryState(s),
};

/**
 * The state of the hydrated services, each as SLIM writes it. `pristine` (the same of a container no request touched:
 * `dehydrate(freshContainer)`): a service's fields still at their initial value are left out, and a service left with
 * none is not sent (issue 10: the state carries what the page's first render reads; the browser's services start there).
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
    const changed = Object.entries(slim as Record<string, unknown>).filter(([k, v]) => !(v === false && base[k] === undefined) && JSON.stringify(v) !== JSON.stringify(base[k]));
    if (changed.length) out[name] = Object.fromEntries(changed);
  }
  return out;
}

/** the hydrated services of the transaction half: ui/app/transactions-ui.tsx hydrates them when it binds them */
export const TRANSACTION_HYDRATED = ['orderStatus'];

/**
 * Hydrates the services of `names` (default: every one but the transaction half's) that the state has. A service's
 * fields the state leaves out keep the value the service starts with (see `dehydrate`'s `pristine`).
 */
export function hydrateServices(container: Container, state: DehydratedState, names = Object.keys(HYDRATED_SERVICES).filter((n) => !TRANSACTION_HYDRATED.includes(n))): void {
  for (const name of names) {
    const id = HYDRATED_SERVICES[name];
    if (!id || !(name in state)) continue;
    const service = container.get<Hydratable<unknown>>(id);
    const start = START_OF[name] ? START_OF[name](service.snapshot() as never) : service.snapshot();
    const sent = state[name];
    const whole = start && typeof start === 'object' && sent && typeof sent === 'object' ? { ...(start as object), ...(sent as object) } : sent;
    service.hydrate(SLIM_IN[name] ? SLIM_IN[name](whole as never) : whole);
  }
}
