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

/** A render-list item's prices (incl. tax, with the excl. amounts beside them or computed) on a product. */
function applyItem<T extends PriceFields>(target: T, item: RenderListItem, now: number, config: ShopConfig): T {
  const { final_price: inclFinal, regular_price: inclRegular, extension_attributes } = item.price_info;
  const exclOf = (incl: number) => (config.tax.finalPriceIncludesTax ? incl / (1 + config.tax.rate) : incl);
  const exclFinal = extension_attributes?.tax_adjustments?.final_price ?? exclOf(inclFinal);
  const exclRegular = extension_attributes?.tax_adjustments?.regular_price ?? exclOf(inclRegular);
  const special = exclFinal < exclRegular;
  return {
    ...target,
    price_is_current: true,
    price_refreshed_at: new Date(now).toISOString(),
    final_price: exclFinal,
    final_price_incl_tax: inclFinal,
    price: exclRegular,
    price_incl_tax: inclRegular,
    original_price: exclRegular,
    original_price_incl_tax: inclRegular,
    special_price: special ? exclFinal : null,
    special_price_incl_tax: special ? inclFinal : null,
    // the platform's price is current: the local special-price window no longer applies
    special_from_date: null,
    special_to_date: null,
  };
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
  return [...new Set(products.flatMap((p) => [p, ...(p.configurable_children ?? [])].map((c) => c.sku)))];
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
    const request = { skus, currencyCode: this.config.i18n.currencyCode, storeId: this.storeId, ...user };
    return this.api.renderList(request).catch((e: unknown) => {
      this.logger?.error('Price sync failed', 'price-sync', { skus, error: String(e) });
      return [];
    });
  }

  /** Refresh the products' prices; answers the products (unchanged when the lookup failed). */
  async sync(products: readonly Product[], user: { userGroupId?: number; token?: string } = {}): Promise<Product[]> {
    const items = await this.fetchPrices(priceSyncSkus(products), user);
    const refreshed = applyRenderListPrices(products, items, this.clock.now(), this.config);
    this.afterSync.next({ event: PRICES_AFTER_SYNC, products: refreshed });
    return refreshed;
  }
}
