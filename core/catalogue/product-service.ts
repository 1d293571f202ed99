/**
 * Product load and the product page state (spec catalogue §3.6, §4.1, §4.2, §4.4).
 */
import { StateHolder } from '../state-holder';
import { OptionPathCache } from './option-path-cache';
import { firstVariantDefaultRoute, type FirstVariantRoute, type ProductPageRoute } from './first-variant-url';
import type { ShopConfig } from '../config';
import { MESSAGES, ShopError, type MessageKey } from '../messages';
import type { CatalogueSearch, SearchRequest } from '../ports/catalogue-search';
import type { Clock } from '../ports/clock';
import type { Logger } from '../ports/logger';
import { chooseBundleLink, configureBundle, setBundleOptionQty } from './bundle';
import { defaultBundleSelections } from './prices';
import { productLink } from '../routing/links';
import { productBreadcrumbs } from './categories';
import { productAttributeCodes, type AttributeService } from './attributes';
import { buildSearchQuery, lookupRequest } from './search-query';
import { RELATED_LINK_TYPE, relatedLinkSkus, relatedProductsRequest } from './related-products';
import type {
  BundleOption,
  BundleOptionSelection,
  BundleProductLink,
  Breadcrumb,
  Category,
  MediaGalleryEntry,
  Product,
  ProductConfiguration,
  ProductLink,
} from './types';
import {
  configurableOptionsOf,
  configurationOfChild,
  configureProduct,
  filterUnavailableVariants,
  mergeChildIntoProduct,
  selectConfigurableChild,
  withVariantErrors,
  type OptionValueId,
  type VariantSelection,
} from './variants';

/** spec catalogue §5: the single-product lookup requires a search key value. */
export function singleProductRequest(key: string, value: string | number | undefined | null, config: ShopConfig): SearchRequest {
  if (value === undefined || value === null || String(value).trim() === '') throw new ShopError(MESSAGES.searchKeyRequired);
  return lookupRequest([{ attribute: key, value: { eq: value } }], 1, config);
}

/** The parent of a configurable child (a configurable with that sku among its children). */
export function parentOfChildRequest(childSku: string, config: ShopConfig): SearchRequest {
  const child = { attribute: 'configurable_children.sku', value: { eq: childSku } };
  return lookupRequest([child, { attribute: 'type_id', value: { eq: 'configurable' } }], 1, config);
}

export type ProductLoadDecision =
  | { readonly kind: 'ok' }
  | { readonly kind: 'error'; readonly error: ShopError }
  | { readonly kind: 'redirect-to-parent' };

/**
 * spec catalogue §4.1: status 2 or more is an empty result (status = N); visibility 1 redirects to the parent when
 * direct access is prevented, else is an empty result (visibility = N).
 */
export function productLoadDecision(product: Product, config: ShopConfig): ProductLoadDecision {
  const status = product.status ?? 1;
  if (status >= config.catalogue.disabledStatusFrom) return { kind: 'error', error: new ShopError(MESSAGES.productStatusEmpty, { status }) };
  if (product.visibility === config.catalogue.notVisibleIndividually) {
    if (config.catalogue.preventConfigurableChildrenDirectAccess) return { kind: 'redirect-to-parent' };
    return { kind: 'error', error: new ShopError(MESSAGES.productVisibilityEmpty, { visibility: product.visibility }) };
  }
  return { kind: 'ok' };
}

/** spec catalogue §5: the gallery of a product; 'no_selection' means no image. */
export function productGallery(product: Product, config: ShopConfig): MediaGalleryEntry[] {
  const entries = (product.media_gallery ?? []).filter((e) => e.image && e.image !== config.catalogue.noImageValue);
  if (entries.length) return [...entries].sort((a, b) => (a.pos ?? 0) - (b.pos ?? 0));
  return product.image && product.image !== config.catalogue.noImageValue ? [{ image: product.image, pos: 0 }] : [];
}

export interface ProductState {
  readonly current?: Product;
  readonly parent?: Product;
  readonly original?: Product;
  readonly configuration: ProductConfiguration;
  /** configurable options with their values (empty labels skipped) */
  readonly options: Product['configurable_options'];
  readonly gallery: MediaGalleryEntry[];
  readonly related: Readonly<Record<string, Product[]>>;
  readonly breadcrumbs: Breadcrumb[];
  readonly loading: boolean;
  /** a warning to show (e.g. 'No such configuration ...'), with an OK action */
  readonly warning?: MessageKey;
  /** spec catalogue §3.6: the bundle option selections of the current bundle (its links loaded into `original`) */
  readonly bundleSelections?: readonly BundleOptionSelection[];
}

export const EMPTY_PRODUCT_STATE: ProductState = { configuration: {}, options: [], gallery: [], related: {}, breadcrumbs: [], loading: false };

export type ProductLoadResult =
  | { readonly kind: 'product'; readonly product: Product }
  /** spec catalogue §2.2: a 301 on the server, a client-side replace otherwise */
  | { readonly kind: 'redirect'; readonly to: string; readonly status: 301 };

export interface ProductLoadOptions {
  readonly childSku?: string;
  readonly storeCode?: string;
  /** the flat categories, for breadcrumbs */
  readonly categories?: readonly Category[];
}

export class ProductService extends StateHolder<ProductState> {
  /** spec catalogue §9: the option-path cache (variant look-ups of the product page) */
  readonly optionPaths: OptionPathCache;

  constructor(
    private readonly search: CatalogueSearch,
    private readonly config: ShopConfig,
    private readonly attributes?: AttributeService,
    private readonly logger?: Logger,
    /** prices a configured bundle (its cart line starts with the chosen links' price) */
    private readonly clock?: Clock,
  ) {
    super(EMPTY_PRODUCT_STATE);
    this.optionPaths = new OptionPathCache(config);
  }

  /** Fetch one product by a key (sku by default); undefined when nothing matches. */
  async fetchOne(value: string, key = 'sku'): Promise<Product | undefined> {
    const result = await this.search.search<Product>(singleProductRequest(key, value, this.config));
    return result.items[0];
  }

  /** spec catalogue §4.1: fetch by sku and set as current, or raise the status / visibility errors, or redirect. */
  async load(sku: string, options: ProductLoadOptions = {}): Promise<ProductLoadResult> {
    this.patch({ loading: true, warning: undefined });
    try {
      const found = await this.fetchOne(sku);
      if (!found) throw new ShopError(MESSAGES.productStatusEmpty, { status: 'undefined' });
      const decision = productLoadDecision(found, this.config);
      if (decision.kind === 'error') throw decision.error;
      if (decision.kind === 'redirect-to-parent') {
        const parent = (await this.search.search<Product>(parentOfChildRequest(found.sku, this.config))).items[0];
        if (!parent) throw new ShopError(MESSAGES.productVisibilityEmpty, { visibility: found.visibility ?? 1 });
        return { kind: 'redirect', to: productLink(parent, this.config, { childSku: found.sku, ...(options.storeCode ? { storeCode: options.storeCode } : {}) }), status: 301 };
      }
      return { kind: 'product', product: await this.prepare(found, options) };
    } finally {
      this.patch({ loading: false });
    }
  }

  /** Set a product fetched elsewhere (the URL dispatcher's answer) as current. */
  async setProduct(found: Product, options: ProductLoadOptions = {}): Promise<Product> {
    const decision = productLoadDecision(found, this.config);
    if (decision.kind === 'error') throw decision.error;
    return this.prepare(found, options);
  }

  private async prepare(found: Product, options: ProductLoadOptions): Promise<Product> {
    const original = filterUnavailableVariants(found, this.config);
    let current = withVariantErrors(original, this.config);
    let configuration: ProductConfiguration = {};
    if (original.type_id === 'configurable') {
      const selection = options.childSku ? { sku: options.childSku } : {};
      const child = selectConfigurableChild(original, selection, this.config, { fallbackToDefault: true });
      if (child) {
        configuration = configurationOfChild(original, child);
        current = { ...mergeChildIntoProduct(original, child, this.config), errors: current.errors ?? {} };
      }
    }
    let bundleSelections: BundleOptionSelection[] | undefined;
    let shown = original;
    if (original.type_id === 'grouped') current = await this.withGroupedLinks(current);
    if (original.type_id === 'bundle' && original.bundle_options?.length) {
      // spec catalogue §4.4: the links are loaded with the bundle, the default links chosen
      shown = await this.withBundleLinks(original);
      bundleSelections = defaultBundleSelections(shown);
      current = configureBundle({ ...shown, errors: current.errors ?? {} }, bundleSelections, this.config, this.clock?.now());
    }
    this.patch({
      current,
      original: shown,
      bundleSelections,
      parent: original.type_id === 'configurable' ? original : undefined,
      configuration,
      options: configurableOptionsOf(original),
      gallery: productGallery(current, this.config),
      breadcrumbs: options.categories ? productBreadcrumbs(original, options.categories, this.config, options.storeCode) : [{ name: original.name }],
    });
    if (this.attributes) await this.attributes.load(productAttributeCodes(original));
    return current;
  }

  /** The products a grouped or bundle product links to (one search), by sku; a missing one is logged. */
  private async linkedProducts(skus: string[]): Promise<(sku: string) => Product | undefined> {
    const request = lookupRequest([{ attribute: 'sku', value: { in: skus } }], skus.length, this.config);
    const found = await this.search.search<Product>(request).then((r) => r.items, (e: unknown) => {
      this.logger?.warn('Product link not found', 'product', { skus, error: String(e) });
      return [];
    });
    const bySku = new Map(found.map((p) => [p.sku, p]));
    return (sku) => {
      const p = bySku.get(sku);
      if (!p) this.logger?.warn('Product link not found', 'product', { sku });
      return p;
    };
  }

  /** spec catalogue §4.4: associated simple links of a grouped product are prefetched; missing ones are logged. */
  private async withGroupedLinks(product: Product): Promise<Product> {
    const links = product.product_links ?? [];
    if (!links.length) {
      this.logger?.error('Grouped product without product_links', 'product', { sku: product.sku });
      return product;
    }
    const skus = links.filter((l) => l.link_type === 'associated').map((l) => l.linked_product_sku);
    if (!skus.length) return product;
    const productOf = await this.linkedProducts(skus);
    const withProduct = (l: ProductLink, p = productOf(l.linked_product_sku)) =>
      p ? { ...l, product: { ...p, qty: l.qty ?? 1 } } : l;
    return { ...product, product_links: links.map((l) => (l.link_type === 'associated' ? withProduct(l) : l)) };
  }

  /** spec catalogue §3.1, §3.6, §4.4: the products of a bundle's links; a link without one keeps its own data. */
  private async withBundleLinks(product: Product): Promise<Product> {
    const options = product.bundle_options ?? [];
    const skus = [...new Set(options.flatMap((o) => o.product_links.map((l) => l.sku)))];
    if (!skus.length) return product;
    const productOf = await this.linkedProducts(skus);
    const withProduct = (l: BundleProductLink, p = productOf(l.sku)) => (p ? { ...l, product: p } : l);
    const links = (o: BundleOption) => o.product_links.map((l) => withProduct(l));
    return { ...product, bundle_options: options.map((o) => ({ ...o, product_links: links(o) })) };
  }

  /** spec catalogue §3.6: choose a link in a bundle option (null clears an optional single-choice option). */
  chooseBundleLink(optionId: number | string, linkId: number | string | null, checked = true): Product | undefined {
    return this.reconfigureBundle((product, selections) => chooseBundleLink(product, selections, optionId, linkId, checked));
  }

  /** spec catalogue §3.6, §4.4: the quantity of an option's chosen link (ignored when not a whole number from 1 or not changeable). */
  setBundleQty(optionId: number | string, qty: unknown): Product | undefined {
    return this.reconfigureBundle((product, selections) => setBundleOptionQty(product, selections, optionId, qty));
  }

  private reconfigureBundle(change: (product: Product, selections: readonly BundleOptionSelection[]) => BundleOptionSelection[]): Product | undefined {
    const { original, current, bundleSelections } = this.state.value;
    if (!original || original.type_id !== 'bundle') return undefined;
    const next = change(original, bundleSelections ?? defaultBundleSelections(original));
    const { bundle: _dropped, ...errors } = current?.errors ?? {};
    const configured = configureBundle({ ...original, errors }, next, this.config, this.clock?.now());
    this.patch({ current: configured, bundleSelections: configured.product_option?.extension_attributes.bundle_options ?? next });
    return configured;
  }

  /** spec catalogue §4.2: choose an option: the parent's child for the new configuration, else the warning. */
  configure(selection: VariantSelection): { ok: true; product: Product } | { ok: false; warning: MessageKey } {
    const parent = this.state.value.parent ?? this.state.value.original;
    if (!parent || parent.type_id !== 'configurable') return { ok: false, warning: MESSAGES.noParentSku };
    const merged = { ...Object.fromEntries(Object.entries(this.state.value.configuration).map(([k, v]) => [k, v.id])), ...(selection.options ?? {}) };
    const result = configureProduct(parent, { ...selection, options: merged }, this.config);
    if (!result.ok) {
      this.patch({ warning: result.warning });
      return result;
    }
    this.patch({ current: result.product, configuration: result.configuration, gallery: productGallery(result.product, this.config), warning: undefined });
    return { ok: true, product: result.product };
  }

  /**
   * spec catalogue §3.6: the related products of a product page: its own 'related' links when it has them, else
   * listed products of its deepest category, kept as the category search answers them.
   */
  async loadRelatedOf(product: Product): Promise<Product[]> {
    const own = relatedLinkSkus(product);
    if (!own.length) return this.keepRelated(relatedProductsRequest(product, this.config), { sku: product.sku });
    const input = { filters: [{ attribute: 'sku', value: { in: own } }], size: own.length };
    const request = buildSearchQuery(input, this.config, { aggregations: [] });
    return this.keepRelated(request, { kind: RELATED_LINK_TYPE });
  }

  /** Related products are optional: nothing to ask, or a failed search (logged), leaves the kind's list empty. */
  private async keepRelated(request: SearchRequest | undefined, about: object): Promise<Product[]> {
    const items = !request ? [] : await this.search.search<Product>(request).then((r) => r.items, (e: unknown) => {
      this.logger?.warn('Related products not loaded', 'product', { ...about, error: String(e) });
      return [];
    });
    this.patch({ related: { ...this.state.value.related, [RELATED_LINK_TYPE]: items } });
    return items;
  }

  /** spec catalogue §4.2, §9: the option values still choosable for a selection, through the option-path cache. */
  availableValues(selection: VariantSelection): Record<string, OptionValueId[]> {
    const parent = this.state.value.parent ?? this.state.value.original;
    if (!parent || parent.type_id !== 'configurable') return {};
    return this.optionPaths.availableValues(parent, selection);
  }

  /** spec catalogue §2.2: the route carrying the first variant's childSku (setFirstVarianAsDefaultInURL), or undefined */
  firstVariantRoute(route: ProductPageRoute): FirstVariantRoute | undefined {
    const parent = this.state.value.parent ?? this.state.value.original;
    return parent ? firstVariantDefaultRoute(parent, route, this.config) : undefined;
  }

  dismissWarning(): void {
    this.patch({ warning: undefined });
  }
}
