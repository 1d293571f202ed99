/**
 * Price refresh from the platform (spec catalogue §4.5, §7, §8): a render-list lookup by skus, applied to products and
 * children, then 'prices-after-sync' fires; a failure is logged and changes nothing.
 */
import { Subject, type Observable } from 'rxjs';
import type { ShopConfig } from '../config';
import type { Clock } from '../ports/clock';
import type { Logger } from '../ports/logger';
import type { ProductApi, RenderListItem } from '../ports/product-api';
import type { ConfigurableChild, PriceFields, Product } from './types';

export const PRICES_AFTER_SYNC = 'prices-after-sync';

function applyItem<T extends PriceFields>(target: T, item: RenderListItem, now: number, config: ShopConfig): T {
  const info = item.price_info;
  const excl = info.extension_attributes?.tax_adjustments;
  const out: T = { ...target, price_is_current: true, price_refreshed_at: new Date(now).toISOString() };
  const inclFinal = info.final_price;
  const inclRegular = info.regular_price;
  const exclFinal = excl?.final_price ?? (config.tax.finalPriceIncludesTax ? inclFinal / (1 + config.tax.rate) : inclFinal);
  const exclRegular = excl?.regular_price ?? (config.tax.finalPriceIncludesTax ? inclRegular / (1 + config.tax.rate) : inclRegular);
  out.final_price = exclFinal;
  out.final_price_incl_tax = inclFinal;
  out.price = exclRegular;
  out.price_incl_tax = inclRegular;
  out.original_price = exclRegular;
  out.original_price_incl_tax = inclRegular;
  if (exclFinal < exclRegular) {
    out.special_price = exclFinal;
    out.special_price_incl_tax = inclFinal;
  } else {
    out.special_price = null;
    out.special_price_incl_tax = null;
  }
  // the platform's price is current: the local special-price window no longer applies
  out.special_from_date = null;
  out.special_to_date = null;
  return out;
}

/** Products and their configurable children, each one `answerOf` answers for updated by `apply`. */
export function updateWithChildren<A>(
  products: readonly Product[],
  answerOf: (item: ConfigurableChild) => A | undefined,
  apply: <T extends ConfigurableChild>(item: T, answer: A) => T,
): Product[] {
  const update = <T extends ConfigurableChild>(item: T, answer = answerOf(item)) =>
    answer ? apply(item, answer) : item;
  const withChildren = (p: Product, children = p.configurable_children) =>
    children ? { ...update(p), configurable_children: children.map((c) => update(c)) } : update(p);
  return products.map((p) => withChildren(p));
}

/** Apply render-list items to products and their configurable children, by sku. */
export function applyRenderListPrices(products: readonly Product[], items: readonly RenderListItem[], now: number, config: ShopConfig): Product[] {
  const bySku = new Map(items.map((i) => [i.sku, i]));
  return updateWithChildren(products, (p) => bySku.get(p.sku), (p, item) => applyItem(p, item, now, config));
}

/** The skus a render-list lookup (and a stock sync) needs: each product's and its configurable children's, once. */
export function priceSyncSkus(products: readonly Product[]): string[] {
  const skus = new Set<string>();
  for (const p of products) {
    skus.add(p.sku);
    for (const c of p.configurable_children ?? []) skus.add(c.sku);
  }
  return [...skus];
}

export class PriceSyncService {
  private readonly afterSync = new Subject<{ event: typeof PRICES_AFTER_SYNC; products: Product[] }>();
  /** emits 'prices-after-sync' with the refreshed products */
  readonly afterSync$: Observable<{ event: typeof PRICES_AFTER_SYNC; products: Product[] }> = this.afterSync.asObservable();

  constructor(
    private readonly api: ProductApi,
    private readonly clock: Clock,
    private readonly config: ShopConfig,
    private readonly storeId = 1,
    private readonly logger?: Logger,
  ) {}

  /** The render-list items for these skus; [] on failure (logged). */
  async fetchPrices(skus: readonly string[], user: { userGroupId?: number; token?: string } = {}): Promise<RenderListItem[]> {
    if (!skus.length) return [];
    try {
      return await this.api.renderList({ skus, currencyCode: this.config.i18n.currencyCode, storeId: this.storeId, ...user });
    } catch (e) {
      this.logger?.error('Price sync failed', 'price-sync', { skus, error: String(e) });
      return [];
    }
  }

  /** Refresh the products' prices; answers the products (unchanged when the lookup failed). */
  async sync(products: readonly Product[], user: { userGroupId?: number; token?: string } = {}): Promise<Product[]> {
    const items = await this.fetchPrices(priceSyncSkus(products), user);
    const refreshed = applyRenderListPrices(products, items, this.clock.now(), this.config);
    this.afterSync.next({ event: PRICES_AFTER_SYNC, products: refreshed });
    return refreshed;
  }
}
