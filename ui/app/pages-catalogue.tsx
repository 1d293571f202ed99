import type { ShopServices as Container } from '../../adapters/wiring';
import type { ShopConfig } from '../../core/config';
import { TOKENS } from '../../core/ports/tokens';
import type { Network } from '../../core/ports/network';
import { HomeService } from '../../core/catalogue/home-service';
import { CategoryService } from '../../core/catalogue/category-service';
import type { ProductService } from '../../core/catalogue/product-service';
import type { Product } from '../../core/catalogue/types';
import { CONTAINER_TOKENS } from '../../adapters/wiring';
import { CmsService } from '../../core/catalogue/cms-service';
import { AttributeService } from '../../core/catalogue/attributes';
import { filtersFromRouteQuery, type RouteQuery } from '../../core/catalogue/filters';
import { listDepthFromQuery } from '../../core/catalogue/categories';
import { UrlDispatcher, type RouteResolution } from '../../core/routing/dispatcher';
import { PageResolutionService, loadFailureOutcome, resolvedPage, unavailableCause, type ResolvedPageKind } from '../../core/routing/page-resolution';
import { PRODUCT_ROUTES_WITH_CHILD, PRODUCT_TYPES_WITHOUT_CHILD, ROUTES as CORE_ROUTES } from '../../core/routing/routes';
import { NotificationService } from '../../core/ui-state/notification-service';
import { DispatchedPage, preloadDispatched } from '../pages/DispatchedPage';
import { CategoryChunk, CmsChunk, HomeChunk, ProductChunk, SitemapChunk, StaticChunk, WholesaleChunk } from './catalogue-chunks';
import { ErrorPage } from '../pages/NotFoundPage';
import type { LoadOutcome, PageRegistry, RouteLoadContext } from './routes';
import { lazyEntry } from './lazy-page';

const runtime = (): 'server' | 'browser' => (typeof window === 'undefined' ? 'server' : 'browser');

function configOf(container: Container): ShopConfig {
  return container.get<ShopConfig>(TOKENS.Config);
}

/**
 * The menu and the header and copyright blocks every catalogue page renders. On the server a category tree the backend
 * could not serve makes the page unavailable (503, never a cached page without its menu); a missing block never breaks
 * a page (spec catalogue §3.5).
 */
async function loadShell(container: Container, path: string): Promise<LoadOutcome | undefined> {
  const config = configOf(container);
  const cms = container.get(CmsService);
  const [tree] = await Promise.allSettled([
    container.get(CategoryService).loadCategories(),
    cms.loadBlock(config.cms.headerBlock),
    cms.loadBlock(config.cms.copyrightBlock),
  ]);
  return unavailableOnServer(container, path, tree.status === 'rejected' ? tree.reason : undefined);
}

/** A route's load after the shell's: an unavailable shell answers for the page. */
const withShell =
  (load: (ctx: RouteLoadContext) => Promise<LoadOutcome>) =>
  async (ctx: RouteLoadContext): Promise<LoadOutcome> =>
    (await loadShell(ctx.container, ctx.path)) ?? load(ctx);

/** On the server, a read that failed for want of an answer fails the page with 503 (see core's loadFailureKind). */
function unavailableOnServer(container: Container, path: string, ...errors: unknown[]): LoadOutcome | undefined {
  if (runtime() !== 'server') return undefined;
  const cause = unavailableCause(errors);
  return cause === undefined ? undefined : failed(container, path, cause);
}

/** A route query as core's filter rules read it: every key with all its values. */
const routeQueryOf = (query: URLSearchParams): RouteQuery =>
  Object.fromEntries([...query.keys()].map((k) => [k, query.getAll(k)]));

/** Whether this document is the service worker's cached answer for `path` (the network just failed for it). */
function servedFromWorkerCache(path: string): boolean {
  const entry = performance.getEntriesByType?.('navigation')[0] as (PerformanceEntry & { deliveryType?: string }) | undefined;
  return entry?.deliveryType === 'cache-storage' && new URL(entry.name).pathname === path;
}

/** spec catalogue §2.3: a failed load either shows its error (404/503) or notifies and goes home (core's classifyLoadFailure). */
function failed(container: Container, path: string, error: unknown, kind?: ResolvedPageKind): LoadOutcome {
  const where = runtime();
  const facts = where === 'server' ? { runtime: where, online: true } : { runtime: where, online: container.get<Network>(TOKENS.Network).isOnline(), servedFromWorkerCache: servedFromWorkerCache(path) };
  const outcome = loadFailureOutcome(error, facts, configOf(container));
  if (outcome.kind === 'redirect') {
    const { type, message, params, action } = outcome.notification;
    container.get(NotificationService).notify({ type, message, params, action1: { label: action } });
    return { redirect: outcome.to };
  }
  container.get(PageResolutionService).failed(path, outcome.error, outcome.status, kind);
  return { status: outcome.status };
}

async function loadCategoryProducts(container: Container, query: URLSearchParams, path: string): Promise<LoadOutcome | undefined> {
  const categories = container.get(CategoryService);
  // the filter labels (colour names, price ranges) come from the attribute metadata
  await container
    .get(AttributeService)
    .load(configOf(container).filters.defaultFilters)
    .catch(() => undefined);
  const filters = filtersFromRouteQuery(routeQueryOf(query), configOf(container), categories.snapshot().available);
  // ?page=N keeps the 'load more' depth across back, refresh and the server render
  await categories.applyFilters(filters, listDepthFromQuery(query.get('page') ?? undefined, configOf(container)));
  return unavailableOnServer(container, path, categories.listFailure());
}

/** spec catalogue §2.2: a category found by its route path (/c/{slug} or its url_path). */
const categoryLoad = withShell(async ({ container, path, query }) => {
  try {
    await container.get(CategoryService).setCurrentByPath(path);
  } catch (e) {
    return failed(container, path, e, 'category');
  }
  const listDown = await loadCategoryProducts(container, query, path);
  if (listDown) return listDown;
  container.get(PageResolutionService).resolved(path, 'category');
  return { status: 200 };
});

/** spec catalogue §4.1: a product by sku (a visibility-1 child redirects to its parent), configured to childSku. */
async function productLoad(
  container: Container,
  path: string,
  sku: string,
  childSku: string | undefined,
  early?: Promise<Product | undefined>,
): Promise<LoadOutcome> {
  const products = await productServiceOf(container);
  const state = products.snapshot();
  const pages = container.get(PageResolutionService);
  // the same product (an option chosen on the page wrote childSku into the URL): configure, do not reload
  if (state.original?.sku === sku && !pages.snapshot().error) {
    if (childSku && state.current?.sku !== childSku) products.configure({ sku: childSku });
    pages.resolved(path, 'product');
    return { status: 200 };
  }
  const down = await loadShell(container, path);
  if (down) return down;
  try {
    const categories = container.get(CategoryService).snapshot().categories;
    const options = { ...(childSku ? { childSku } : {}), categories };
    // the document fetched when its tile was pointed at (ui/app/prefetch-product.ts), else fetched now
    const found = await early?.catch(() => undefined);
    if (found) products.dismissWarning(); // as load() does
    const result = found
      ? { kind: 'product' as const, product: await products.setProduct(found, options) }
      : await products.load(sku, options);
    if (result.kind === 'redirect') return { redirect: result.to, status: result.status };
    pages.resolved(path, 'product');
    await products.loadRelatedOf(products.snapshot().original ?? result.product);
    return { status: 200 };
  } catch (e) {
    return failed(container, path, e, 'product');
  }
}

/** The product service, adding its part of the wiring first where the graph lacks it (the browser's first load). */
export async function productServiceOf(container: Container): Promise<ProductService> {
  if (!container.isBound(CONTAINER_TOKENS.Product)) container.add((await import('../../adapters/wiring-product')).PRODUCT);
  return container.get<ProductService>(CONTAINER_TOKENS.Product);
}

/** What a tile pointed at asked for before its click (ui/app/prefetch-product.ts), taken once by its navigation. */
type Prefetched = { resolution: Promise<RouteResolution>; product: Promise<Product | undefined> };
export const prefetched = new Map<string, Prefetched>();

/** spec catalogue §2.3: any other path goes through the URL dispatcher: product, category, CMS page or 404. */
async function dispatchLoad(ctx: RouteLoadContext): Promise<LoadOutcome> {
  const { container, path, query } = ctx;
  const pages = container.get(PageResolutionService);
  const childSku = query.get('childSku') ?? undefined;
  const shown = pages.snapshot();
  const here = shown.path === path && !shown.error ? shown.kind : undefined;
  // an option chosen on a product page rewrote ?childSku=: the product is already here
  const original = here === 'product' ? (await productServiceOf(container)).snapshot().original : undefined;
  if (original && `/${original.url_path}` === path) return productLoad(container, path, original.sku, childSku);
  // the same category with other filters: only the list changes
  if (here === 'category') return (await loadCategoryProducts(container, query, path)) ?? { status: 200 };
  const down = await loadShell(container, path);
  if (down) return down;
  const href = path + (query.toString() ? `?${query.toString()}` : '');
  const early = prefetched.get(href);
  prefetched.delete(href);
  const resolve = () => container.get(UrlDispatcher).resolve(href);
  let kind: ResolvedPageKind | undefined;
  try {
    const resolution = await (early ? early.resolution.catch(resolve) : resolve());
    const page = resolvedPage(resolution);
    kind = page.kind;
    // the resolved page's chunk arrives beside its data (each page in a chunk of its own)
    const chunk = preloadDispatched(page.kind);
    switch (resolution.kind) {
      case 'product': {
        const outcome = await productLoad(container, path, resolution.product.sku, childSku, early?.product);
        if (outcome.redirect || outcome.status !== 200) return outcome;
        break;
      }
      case 'category': {
        const categories = container.get(CategoryService);
        await categories.setCurrentByPath(path).catch(() => categories.setCurrent(resolution.category));
        const listDown = await loadCategoryProducts(container, query, path);
        if (listDown) return listDown;
        break;
      }
      case 'cms_page':
        await container.get(CmsService).loadPage(resolution.page.identifier);
    }
    await chunk;
    pages.resolved(path, page.kind, page.status);
    return { status: page.status };
  } catch (e) {
    return failed(container, path, e, kind);
  }
}

const cmsLoad = withShell(async ({ container, path, params }) => {
  try {
    await container.get(CmsService).loadPage((params.slug ?? '').replace(/\/+$/, ''));
  } catch (e) {
    return failed(container, path, e, 'cms_page');
  }
  container.get(PageResolutionService).resolved(path, 'cms_page');
  return { status: 200 };
});

/** The static pages: CMS content under the route's name when it exists, else the shop's own short text. */
const staticLoad = (name: string) =>
  withShell(async ({ container }) => {
    await container
      .get(CmsService)
      .loadPage(name)
      .catch(() => undefined);
    return { status: 200 };
  });

/** /p/:parentSku/:slug[/:childSku] (spec catalogue §2.1, §2.2); childSku may also come as a query parameter. */
const productEntry = lazyEntry(ProductChunk, ['ui/pages/ProductPage.tsx'], {
  load: ({ container, path, params, query }) =>
    productLoad(container, path, params.parentSku ?? '', params.childSku ?? query.get('childSku') ?? undefined),
});
/** The url_path of the demo shop's wholesale category (ui/pages/WholesalePage.tsx shows it). */
const WHOLESALE_CATEGORY_PATH = 'groothandel';
const STATIC_NAMES = CORE_ROUTES.filter((r) => r.staticPage).map((r) => r.name);

/** Catalogue-side pages by route name (spec catalogue §2.1). */
export const CATALOGUE_PAGES: PageRegistry = {
  home: lazyEntry(HomeChunk, ['ui/pages/HomePage.tsx'], {
    load: async ({ container, path }) => {
      const home = container.get(HomeService);
      const [down] = await Promise.all([loadShell(container, path), home.load()]);
      return down ?? unavailableOnServer(container, path, home.failure());
    },
  }),
  category: lazyEntry(CategoryChunk, ['ui/pages/CategoryPage.tsx'], { load: categoryLoad }),
  ...Object.fromEntries([...PRODUCT_TYPES_WITHOUT_CHILD.map((t) => `${t}-product`), ...PRODUCT_ROUTES_WITH_CHILD].map((name) => [name, productEntry])),
  'cms-page': lazyEntry(CmsChunk, ['ui/pages/CmsPage.tsx'], { load: cmsLoad }),
  ...Object.fromEntries(STATIC_NAMES.map((name) => [name, { element: <StaticChunk.Component name={name} />, preload: StaticChunk.preload, chunks: ['ui/pages/StaticPage.tsx'], load: staticLoad(name) }])),
  wholesale: lazyEntry(WholesaleChunk, ['ui/pages/WholesalePage.tsx'], {
    load: withShell(async ({ container, query, path }) => {
      try {
        await container.get(CategoryService).setCurrentByPath(WHOLESALE_CATEGORY_PATH);
        await loadCategoryProducts(container, query, path);
      } catch {
        // the page still shows its text
      }
      return { status: 200 };
    }),
  }),
  sitemap: lazyEntry(SitemapChunk, ['ui/pages/SitemapPage.tsx'], { load: withShell(async () => ({ status: 200 })) }),
  // spec catalogue §2.1 route 'error': the error page, 500
  error: {
    element: <ErrorPage />,
    load: async ({ container, path }) => {
      await loadShell(container, path);
      return { status: 500 };
    },
    status: 500,
  },
  'page-not-found': { element: <DispatchedPage />, preload: (services) => preloadDispatched(services?.get(PageResolutionService).snapshot().kind ?? 'all'), load: dispatchLoad, status: 404 },
};
