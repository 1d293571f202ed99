import { Container } from 'inversify';
import { bindCatalogue } from './bindings-catalogue';
import { CatalogueGraph, createRuntime, type ContainerOptions } from './wiring';

/**
 * The browser's container as the first page needs it (issue 10): ports, catalogue services and UI state. Cart, session,
 * checkout and the other transaction services are bound later, when the browser is idle or a shopper first needs them
 * (`attachTransactions` of adapters/bindings-transactions.ts, in a chunk of its own: ui/app/transactions.ts loads it).
 */
export function createBrowserContainer(options: ContainerOptions = {}): Container {
  const c = new Container({ defaultScope: 'Singleton' });
  bindCatalogue(c, new CatalogueGraph(createRuntime('browser', options)));
  return c;
}
