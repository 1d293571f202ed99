/**
 * the state a page sends for hydration lets the browser's first render write exactly the server's HTML (no
 * hydration mismatch), and carries nothing that first render does not read. Each page is rendered by the server
 * (prepareRender, as the HTTP server does); its state goes through JSON as on the wire, the category list comes from
 * its shared document (ui/entry-server.tsx), and a fresh container hydrated from it renders the page as the
 * browser's first render does (no effects run). Then every field of the state is taken out in turn (a field of a list
 * item: from every item of that list): the render must change, or the field is one the first render does not read.
 * The few fields read only after the first render (by the first click or the offline copy) are listed below, each with
 * its reader.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { createConfig, type ShopConfig } from '../core/config';
import { startTestBackend, type TestBackend } from '../test-fixtures/backend/test-helpers';
import { generateCatalogue } from '../test-fixtures/catalogue/index';
import { createServerContainer } from '../adapters/container';
import { prepareRender, bodyText } from './entry-server';
import { hydrateServices, type DehydratedState } from './app/dehydrate';
import { createI18n, loadLocale } from './i18n';
import { Root } from './app/Root';

let backend: TestBackend;
let config: ShopConfig;
/** the browser's config: an API nobody answers (the first render must not need it) */
const offlineConfig = createConfig({ api: { url: 'http://127.0.0.1:9' } });

beforeAll(async () => {
  backend = await startTestBackend();
  config = createConfig({ api: { url: backend.url } });
  await loadLocale('nl-NL');
}, 60_000);
afterAll(async () => {
  await backend?.close();
});

const catalogue = generateCatalogue();
const product = catalogue.products.find((p) => p.type_id === 'configurable' && p.visibility === 4)!;
const PAGES = { home: '/', category: '/inpakpapier/kerst', product: `/${product.url_path}` };

/**
 * Fields the first render does not read but the page needs before the next load, by path ('[]' = every item of a list).
 */
const READ_LATER: Record<string, Partial<Record<keyof typeof PAGES, string>>> = {
  'home.status': { home: "HomeService.load: a home hydrated 'ready' does not load its lists again (the route's load after hydration)" },
  attributes: {
    category: 'the first filter click: CategoryService.loadProducts names the new filters from them (availableFiltersFromAggregations)',
    product: "ConfigurableOptions names the options in the store view's words from them; the nl-NL store view's words are the product's own, so this page renders the same without",
  },
  'attributes.byCode': { category: 'as attributes', product: 'as attributes' },
};
/** how deep fields are checked: a service ('category') and its fields ('category.list') */
const MAX_DEPTH = 2;

async function serverPage(path: string): Promise<{ html: string; wire: DehydratedState }> {
  const prepared = await prepareRender(path, config, 'nl-NL');
  const parts: Array<Uint8Array | string> = [];
  await prepared.renderBody({ begin: () => undefined, write: (h) => parts.push(h) });
  const wire = JSON.parse(JSON.stringify(prepared.state)) as DehydratedState;
  // what ui/entry-client.tsx does with the shared document before hydrating
  const doc = prepared.documents[0];
  if (doc) (wire['category'] as { categories: unknown }).categories = JSON.parse(doc.body);
  return { html: bodyText(parts), wire };
}

function browserFirstRender(path: string, state: DehydratedState): string {
  const container = createServerContainer({ config: offlineConfig, locale: 'nl-NL' });
  hydrateServices(container, state);
  return renderToString(<Root container={container} i18n={createI18n('nl-NL', offlineConfig)} initialPath={path} router={(app) => <StaticRouter location={path}>{app}</StaticRouter>} />);
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** every field path of a state: objects by key, arrays of objects by the union of their items' keys ('[]') */
function fieldPaths(value: Json, prefix: string, out: string[]): string[] {
  if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      const path = prefix ? `${prefix}.${k}` : k;
      out.push(path);
      fieldPaths(v, path, out);
    }
  } else if (Array.isArray(value) && value.some(isObject)) {
    const merged: Record<string, Json> = {};
    for (const item of value) if (isObject(item)) for (const [k, v] of Object.entries(item)) if (!(k in merged) || merged[k] === null) merged[k] = v;
    fieldPaths(merged, `${prefix}[]`, out);
  }
  return out;
}

/** the state without the field at `path` (from every item where the path goes through a list) */
function without(state: Json, path: string): Json {
  const copy = structuredClone(state);
  const steps = path.split('.');
  const visit = (node: Json | undefined, i: number): void => {
    if (node === undefined || node === null) return;
    const step = steps[i]!;
    const list = step.endsWith('[]');
    const key = list ? step.slice(0, -2) : step;
    if (!isObject(node)) return;
    if (i === steps.length - 1 && !list) {
      delete node[key];
      return;
    }
    const next = node[key];
    if (list && Array.isArray(next)) {
      if (i === steps.length - 1) return;
      for (const item of next) visit(item, i + 1);
    } else visit(next, i + 1);
  };
  // a path ending in a list item's field: 'a.items[].sku' -> steps ['a', 'items[]', 'sku']
  visit(copy, 0);
  return copy;
}

describe('hydration state', () => {
  for (const [name, path] of Object.entries(PAGES)) {
    it(`${name}: the browser's first render from the state writes the server's HTML, and every field of the state changes it`, async () => {
      const { html, wire } = await serverPage(path);
      expect(browserFirstRender(path, wire)).toBe(html);
      const unread: string[] = [];
      for (const field of fieldPaths(wire as Json, '', []).filter((f) => f.split('.').length <= MAX_DEPTH)) {
        if (READ_LATER[field]?.[name as keyof typeof PAGES]) continue;
        let changed: boolean;
        try {
          changed = browserFirstRender(path, without(wire as Json, field) as DehydratedState) !== html;
        } catch {
          changed = true;
        }
        if (!changed) unread.push(field);
      }
      expect(unread, `${name}: fields of the state its first render does not read`).toEqual([]);
    }, 300_000);
  }
});
