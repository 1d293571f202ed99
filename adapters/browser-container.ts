import type { Container } from 'inversify';
import { browserContainerOver } from './browser-container-over';
import { provideProductMembers } from './wiring-product';
import { provideSyncMembers } from './wiring-sync';
import { CatalogueGraph, createRuntime, type ContainerOptions } from './wiring';

/**
 * The browser's inversify container with the catalogue half bound: ports, catalogue services and UI state. Cart,
 * session, checkout and the other transaction services are bound later (`attachTransactions` of
 * adapters/bindings-transactions.ts). The shop's own entry renders its first page without the container
 * (adapters/browser-services.ts, issue 10) and creates it over the same graph with the transaction half
 * (`browserContainerOver`, ui/app/transactions-ui.tsx); integrators keep this function.
 */
export function createBrowserContainer(options: ContainerOptions = {}): Container {
  provideProductMembers();
  provideSyncMembers();
  return browserContainerOver(new CatalogueGraph(createRuntime('browser', options)));
}

export { browserContainerOver };
