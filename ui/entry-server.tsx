import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { matchRoutes } from 'react-router-dom';
import type { ShopConfig, LocaleCode } from '../core/config';
import { createServerContainer } from '../adapters/container';
import { createI18n, loadLocale } from './i18n';
import { Root } from './app/Root';
import { ROUTES, type AppRoute } from './app/routes';
import { dehydrate, type DehydratedState } from './app/dehydrate';
import { TitleContext } from './hooks/use-document-title';

export interface RenderResult {
  status: number;
  html: string;
  title: string;
  state: DehydratedState;
  locale: LocaleCode;
  /** set when the route's load asked for a redirect (answered 301, spec catalogue §2.2) */
  redirect?: string;
}

/**
 * Server render of one request: a fresh container, the matched route's data awaited, the app rendered to a
 * string, and every hydrated service's snapshot returned for the page to carry to the browser.
 */
export async function render(url: string, config: ShopConfig, locale: LocaleCode): Promise<RenderResult> {
  const container = createServerContainer({ config });
  const parsed = new URL(url, 'http://storefront.local');
  const match = matchRoutes(ROUTES, parsed.pathname)?.[0];
  const route = match?.route as AppRoute | undefined;
  await route?.preload?.();
  const outcome = route?.load
    ? await route.load({ container, params: match?.params ?? {}, query: parsed.searchParams, path: parsed.pathname })
    : undefined;
  if (outcome?.redirect) {
    return { status: 301, html: '', title: '', state: {}, locale, redirect: outcome.redirect };
  }
  await loadLocale(locale);
  const i18n = createI18n(locale, config);
  const title: { title?: string } = {};
  const html = renderToString(
    <TitleContext.Provider value={title}>
      <Root container={container} i18n={i18n} router={(app) => <StaticRouter location={parsed.pathname + parsed.search}>{app}</StaticRouter>} />
    </TitleContext.Provider>,
  );
  return { status: outcome?.status ?? route?.status ?? 200, html, title: title.title ?? config.shop.name, state: dehydrate(container), locale };
}
