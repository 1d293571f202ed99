/**
 * The built server (dist/server.mjs) renders the same pages as the source does (one i18next instance per locale for
 * every render of the process), and none of how it is bundled may change a byte of what a shopper sees.
 * Each page's #app HTML from the running server is compared with a render of the source with react-i18next's own hook
 * and a fresh i18next instance, against the same backend; and the hydration state the server sent (taken before
 * rendering, what the page's ETag names) is the one the source's render leaves. Needs `node scripts/build.mjs` first (npm test builds).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { StaticRouter, matchRoutes } from 'react-router-dom';
import { createConfig, type LocaleCode } from '../core/config';
import { startTestBackend, type TestBackend } from '../test-fixtures/backend/test-helpers';
import { generateCatalogue } from '../test-fixtures/catalogue/index';
import { startShopProcess, type ShopProcess } from '../test-fixtures/storefront-process';
import { createServerContainer } from '../adapters/container';
import { createI18n, loadLocale } from './i18n';
import { Root } from './app/Root';
import { dehydrate } from './app/dehydrate';
import { pristineState } from './entry-server';
import { splitSharedState } from './entry-server';
import { ROUTES, type AppRoute } from './app/routes';
import { bootData } from '../test-fixtures/boot-document';
import { rawRequest } from '../test-fixtures/raw-http';

let backend: TestBackend;
let shop: ShopProcess;

beforeAll(async () => {
  backend = await startTestBackend();
  shop = await startShopProcess({ API_URL: backend.url, WEB_CONCURRENCY: '1' });
}, 60_000);

afterAll(async () => {
  await shop?.stop();
  await backend?.close();
});

/** The source's render, as ui/server-render.test.tsx does it (react-i18next's own useTranslation, a new instance). */
async function sourceRender(url: string, locale: LocaleCode): Promise<{ html: string; state: unknown }> {
  const config = createConfig({ api: { url: backend.url } });
  const container = createServerContainer({ config, locale });
  const parsed = new URL(url, 'http://storefront.local');
  const match = matchRoutes(ROUTES, parsed.pathname)?.[0];
  const route = match?.route as AppRoute | undefined;
  await route?.preload?.();
  if (route?.load) await route.load({ container, params: match?.params ?? {}, query: parsed.searchParams, path: parsed.pathname });
  await loadLocale(locale);
  const html = renderToString(
    <Root container={container} i18n={createI18n(locale, config)} router={(app) => <StaticRouter location={parsed.pathname + parsed.search}>{app}</StaticRouter>} />,
  );
  // the state AFTER rendering (the server takes it before: the render must not have changed it), as it travels
  return { html, state: splitSharedState(dehydrate(container, pristineState(config, locale)), locale).state };
}

function stateOf(document: string): unknown {
  const boot = bootData(document);
  if (!boot) throw new Error('no boot data');
  return boot.state;
}

function appOf(document: string): string {
  const m = /<div id="app">([\s\S]*)<\/div>\n<script type="application\/json"/.exec(document);
  if (!m) throw new Error(`no #app in ${document.slice(0, 200)}`);
  return m[1]!;
}

describe('the built server renders what the source renders', () => {
  const catalogue = generateCatalogue();
  const product = catalogue.products.find((p) => p.type_id === 'configurable' && p.visibility !== 1)!;
  const pages = ['/', '/inpakpapier/kerst', '/inpakpapier/kerst?sort=price%3Aasc&page=2', `/${product.url_path}`, '/about-us', '/geen-pagina'];
  for (const [locale, cookie] of [['nl-NL', ''], ['en-US', 'locale=en-US']] as const) {
    it(`the same #app HTML for home, category, product, CMS and not-found pages (${locale})`, async () => {
      for (const page of pages) {
        // twice from the server: the second render uses what the first one left shared (i18next, route matches)
        for (let i = 0; i < 2; i++) {
          const answer = await rawRequest(shop.url, page, cookie ? { headers: { cookie } } : {});
          expect(answer.status, page).toBeLessThan(500);
          const source = await sourceRender(page, locale);
          expect(appOf(answer.body), page).toBe(source.html);
          // the server names a page (ETag) by the state it takes before rendering: the same as after rendering
          expect(stateOf(answer.body), page).toEqual(JSON.parse(JSON.stringify(source.state)));
        }
      }
    }, 120_000);
  }
});
