import './styles.css';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router-dom';
import { ROUTES, type AppRoute } from './app/routes';
import { createConfig, type ShopConfig } from '../core/config';
import { createBrowserContainer } from '../adapters/wiring';
import { browserI18n, createI18n, loadLocale, resolveLocale } from './i18n';
import { Root } from './app/Root';
import { hydrateServices, type DehydratedState } from './app/dehydrate';
import { offerUpdate } from './components/common/UpdatePrompt';
import { CatalogueCache, loadLocalSearch } from '../core/catalogue/catalogue-cache';
import { AttributeService } from '../core/catalogue/attributes';
import { PageResolutionService } from '../core/routing/page-resolution';
import { CategoryService } from '../core/catalogue/category-service';
import type { ProductService } from '../core/catalogue/product-service';
import { CONTAINER_TOKENS } from '../adapters/wiring';
import { HomeService } from '../core/catalogue/home-service';
import { formatPrice } from '../core/catalogue/prices';
import { CookieNoticeService } from '../core/ui-state/claims-service';
import { ensureTransactions, installTransactions, whenIdle } from './app/transactions';
import { recoverChunk, reloadOnceForChunk } from './app/chunk-recovery';
import { TOKENS } from '../core/ports/tokens';
import type { CatalogueSearch } from '../core/ports/catalogue-search';

/** the JSON data block the server wrote into the page (ui/entry-server.tsx documentEnd) */
interface BootData {
  state: DehydratedState;
  shared?: { categories?: string };
  locale: string;
  path?: string;
  config: { api: { publicUrl: string }; analytics?: { tagManagerContainerId?: string } };
}
function readBoot(): BootData {
  try {
    const text = document.getElementById('shop-boot')?.textContent;
    if (text) return JSON.parse(text) as BootData;
  } catch {
    // a page without readable boot data starts empty, as a page the server did not render
  }
  return { state: {}, locale: '', config: { api: { publicUrl: '' } } };
}
const boot = readBoot();
// the API where the page says (its public URL, or this origin's /api proxy); the tag manager only after consent
const publicUrl = boot.config.api.publicUrl;
const tagManagerContainerId = boot.config.analytics?.tagManagerContainerId ?? '';
const config: ShopConfig = createConfig({ api: { publicUrl, url: publicUrl || window.location.origin }, analytics: { tagManagerContainerId } });
const locale = resolveLocale(boot.locale, config);
// the catalogue's part of the graph; the product page's and the transaction chunks add theirs when they load
const container = createBrowserContainer({ config, storefrontOrigin: window.location.origin, locale });
// the category list is a document of its own (ui/entry-server.tsx), kept by the HTTP cache from page to page
const categoriesHref = boot.shared?.categories;
const sharedCategories: Promise<unknown[] | undefined> = categoriesHref
  ? fetch(categoriesHref)
      .then((r) => (r.ok ? (r.json() as Promise<unknown[]>) : undefined))
      .catch(() => undefined)
  : Promise.resolve(undefined);
let i18n: ReturnType<typeof createI18n> | undefined;
// a chunk gone after a deploy reloads the page once (ui/app/chunk-recovery.ts): the imports not wrapped in recoverChunk
window.addEventListener('unhandledrejection', (event) => {
  if (reloadOnceForChunk(event.reason)) event.preventDefault();
});
// cart, session, checkout and their UI: a chunk loaded when first needed or when idle (below)
installTransactions(() =>
  recoverChunk(import('./app/transactions-ui')).then(async (ui) => {
    await ui.startTransactions(container, boot.state, i18n);
    return ui;
  }),
);

// the first Intl.NumberFormat (~25-100 ms) in a task of its own while the chunks arrive; core/format/intl.ts keeps it
setTimeout(() => void formatPrice(0, locale, config), 0);
// the first page's chunk and the locale's texts before hydration, so the first render matches the server's HTML;
// the URL dispatcher's page chunk follows the kind the server resolved: that state first
const first = matchRoutes(ROUTES, window.location.pathname)?.[0]?.route as AppRoute | undefined;
hydrateServices(container, boot.state, ['pageResolution']);
// a product's state needs the product page's part of the wiring, added before hydrating
const productServices = 'product' in boot.state ? recoverChunk(import('../adapters/wiring-product')).then((m) => void container.add(m.PRODUCT)) : undefined;
const [, , categories] = await Promise.all([first?.preload?.(container), recoverChunk(loadLocale(locale)), sharedCategories, productServices]);
const category = boot.state['category'] as { categories?: unknown[] } | undefined;
hydrateServices(container, categories && category ? { ...boot.state, category: { ...category, categories } } : boot.state);
// the document could not be read (the catalogue changed since the page was cached): the menu is read before hydrating
if (categoriesHref && !categories) await container.get(CategoryService).loadCategories().catch(() => undefined);
const rendered = {
  pageResolution: container.get(PageResolutionService).snapshot(),
  category: container.get(CategoryService).snapshot(),
  product: container.isBound(CONTAINER_TOKENS.Product) ? container.get<ProductService>(CONTAINER_TOKENS.Product).snapshot() : undefined,
  home: container.get(HomeService).snapshot(),
};
i18n = createI18n(locale, config);
browserI18n.instance = i18n;

// in a transition, so the root's hydration is time-sliced too; the boundaries follow at a lower priority
const appElement = document.getElementById('app') as HTMLElement;
const rootElement = <Root container={container} i18n={i18n} initialPath={boot.path ?? ''} router={(app) => <BrowserRouter>{app}</BrowserRouter>} />;
startTransition(() => {
  hydrateRoot(appElement, rootElement, {
    onRecoverableError(error) {
      console.error('hydration', error);
    },
  });
});

// the cookie notice (spec transactions §4) right after hydration: on a first visit it is a phone's largest text
void container.get(CookieNoticeService).load().catch((e: unknown) => console.warn('[cookies]', e));
// once idle (or at once when a shopper needs it): session, cart and checkout restored from IndexedDB
whenIdle(() => void ensureTransactions().catch((e: unknown) => console.error('[startup]', e)));
const catalogueCache = container.get(CatalogueCache);
// what the server rendered is kept in the catalogue cache (offline by a link as by a reload): what a link back needs
// at once, the listed products a few at a time in idle periods
const idle = () => new Promise<void>((resolve) => whenIdle(resolve));
const seed = recoverChunk(import('../core/catalogue/offline-seed'));
const kept = Promise.all([seed.then((m) => m.rememberRendered(catalogueCache, rendered, config, { pause: idle })), container.get(AttributeService).keepHydrated()]);
kept.catch((e: unknown) => console.warn('[offline] rendered page not kept', e));
// the offline product search's code once idle, so that a page that goes offline later needs no fetch for it
whenIdle(() => void loadLocalSearch().catch((e: unknown) => console.warn('[offline] local search not loaded', e)));
// a category page's filter fields and aggregations (not in the slim state), once idle: the filters work offline
whenIdle(() => {
  if (!navigator.onLine) return;
  void kept
    .then(() => seed)
    .then(({ completeRendered }) => completeRendered(catalogueCache, container.get<CatalogueSearch>(TOKENS.CatalogueSearch), rendered, config))
    .catch((e: unknown) => console.warn('[offline] filters of the rendered page not kept', e));
});

// spec catalogue §1: a progressive web app; the worker's registration is a chunk loaded after the page
const registerWorker = () =>
  void recoverChunk(import('./app/sw-registration'))
    .then((m) => m.registerServiceWorker(offerUpdate, locale))
    .catch((e: unknown) => console.warn('[sw] registration failed', e));
// this module awaits its first chunk and texts above: the page may have finished loading meanwhile
if (document.readyState === 'complete') registerWorker();
else window.addEventListener('load', registerWorker, { once: true });
