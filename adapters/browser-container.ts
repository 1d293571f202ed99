import { Container } from 'inversify';
import { bindCatalogue } from './bindings-catalogue';
import { CatalogueGraph, createRuntime, type ContainerOptions } from './wiring';

/**
 * The browser's inversify container with the catalogue half bound: ports, catalogue services and UI state. Cart,
 * session, checkout and the other transaction services are bound later (`attachTransactions` of
 * adapters/bindings-transactions.ts). The shop's own entry renders its first page without the container
 * (adapters/browser-services.ts, issue 10) and creates it over the same graph with the transaction half
 * (`browserContainerOver`, ui/app/transactions-ui.tsx); integrators keep this function.
 */
export function createBrowserContainer(options: ContainerOptions = {}): Container {
  return browserContainerOver(new CatalogueGraph(createRuntime('browser', options)));
}

/** The container with the catalogue half bound to the members of an existing graph. */
export function browserContainerOver(graph: CatalogueGraph): Container {
  const c = new Container({ defaultScope: 'Singleton' });
  bindCatalogue(c, graph);
  return c;
}
