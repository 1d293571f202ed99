import { Container } from 'inversify';
import { jsdomHtmlSanitizer } from './html/jsdom-sanitizer';
import { createShopGraph } from './headless';
import type { ContainerOptions, ShopGraph } from './wiring';

/** The server's graph of one request: CMS HTML sanitised by DOMPurify over the process's one jsdom window. */
export function createServerContainer(options: ContainerOptions = {}): ShopGraph {
  return createShopGraph('server', { htmlSanitizer: jsdomHtmlSanitizer(), ...options });
}

/** A test's graph: memory storage, a static online network, errors-only logging, unless options bring ports. */
export function createTestContainer(options: ContainerOptions = {}): ShopGraph {
  return createShopGraph('test', options);
}

/**
 * An inversify container over a graph, for code that asks inversify for its services. The shop itself asks its graphs
 * directly: why, with the side-by-side figures, in docs/benchmarks.md ("One composition root").
 */
export function inversifyContainer(graph: ShopGraph): Container {
  const c = new Container();
  for (const id of graph.ids()) c.bind(id).toDynamicValue(() => graph.get(id));
  return c;
}
