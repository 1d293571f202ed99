import { Container } from 'inversify';
import { jsdomHtmlSanitizer } from './html/jsdom-sanitizer';
import { createShopGraph } from './headless';
import type { ContainerOptions, ShopGraph } from './wiring';

export type { ContainerOptions, Runtime, ShopServices, ShopGraph } from './wiring';
export { createBrowserContainer } from './wiring';

/**
 * The graphs of Node (the composition root's scopes, adapters/wiring.ts): every part of the wiring, built lazily.
 * Node only (jsdom): the browser's graph is createBrowserContainer of adapters/wiring.ts.
 *
 * The server's graph of one request (ui/entry-server.tsx): the server runtime (short search timeout, the process's
 * catalogue read cache) and CMS HTML sanitised by DOMPurify over the process's one jsdom window.
 */
export function createServerContainer(options: ContainerOptions = {}): ShopGraph {
  return createShopGraph('server', { htmlSanitizer: jsdomHtmlSanitizer(), ...options });
}

/** A test's graph: memory storage, a static online network, errors-only logging, unless options bring ports. */
export function createTestContainer(options: ContainerOptions = {}): ShopGraph {
  return createShopGraph('test', options);
}

/**
 * An inversify container over a graph, for code that asks inversify for its services: every id of the graph bound to
 * the graph's member (no decorators, no reflection of constructor types). The shop itself asks its graphs directly:
 * a container per server request cost ~300 µs and ~9 % of a category render's CPU, and inversify is ~13 KB gz more
 * than a first page's budget leaves (docs/benchmarks.md, `node scripts/bench/run.mjs services`).
 */
export function inversifyContainer(graph: ShopGraph): Container {
  const c = new Container();
  for (const id of graph.ids()) c.bind(id).toDynamicValue(() => graph.get(id));
  return c;
}
