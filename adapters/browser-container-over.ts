import { Container } from 'inversify';
import { bindCatalogue } from './bindings-catalogue';
import type { CatalogueGraph } from './wiring';

/**
 * The container with the catalogue half bound to the members of an existing graph (the transaction half's, over the
 * first render's graph). Apart from adapters/browser-container.ts, whose createBrowserContainer provides the product
 * page's services, so the transaction half does not carry their code (issue 10).
 */
export function browserContainerOver(graph: CatalogueGraph): Container {
  const c = new Container({ defaultScope: 'Singleton' });
  bindCatalogue(c, graph);
  return c;
}
