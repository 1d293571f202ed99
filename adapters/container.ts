import { Container } from 'inversify';
import { bindCatalogue } from './bindings-catalogue';
import { bindTransactions } from './bindings-transactions';
import { createRuntime, type ContainerOptions, type Runtime } from './wiring';
import { ShopGraph } from './wiring-transactions';
import { SERVER_READS } from './cache/catalogue-read-cache';
import { provideProductMembers } from './wiring-product';
import { provideSyncMembers } from './wiring-sync';

export type { ContainerOptions, Runtime } from './wiring';

/**
 * The inversify container with both halves bound at once (the tests', integrators'; the server renders from the same
 * tables without it: adapters/shop-services.ts, issue 8): catalogue
 * (adapters/bindings-catalogue.ts) and transactions (adapters/bindings-transactions.ts) over one ShopGraph. The browser
 * binds the catalogue half first and the transaction half after first paint: adapters/browser-container.ts.
 */
function createContainer(runtime: Runtime, options: ContainerOptions): Container {
  provideProductMembers();
  provideSyncMembers();
  const g = new ShopGraph(createRuntime(runtime, options, SERVER_READS));
  const c = new Container({ defaultScope: 'Singleton' });
  bindCatalogue(c, g);
  bindTransactions(c, g.transactions);
  return c;
}

export function createServerContainer(options: ContainerOptions = {}): Container {
  return createContainer('server', options);
}

export function createTestContainer(options: ContainerOptions = {}): Container {
  return createContainer('test', options);
}

export type { Container };
