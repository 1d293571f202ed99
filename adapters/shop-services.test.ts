/**
 * issue 8 (CPU per server render): the server renders with a table over one ShopGraph (adapters/shop-services.ts)
 * instead of an inversify container per request. It must answer as the container does: every id createServerContainer
 * binds, with the same member (the graph's, made once: `get` twice gives the same object, as a singleton binding does),
 * the same `isBound`, and a clear error for an id nobody binds.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Container, type ServiceIdentifier } from 'inversify';
import { createServerContainer as createBaseServerContainer } from './container';
import { createServerContainer } from './server-container';
import { createServerServices } from './server-services';
import { createServerServices as createBaseServerServices, ShopGraphServices } from './shop-services';
import { bindCatalogue, CATALOGUE_MEMBERS } from './bindings-catalogue';
import { bindTransactions, TRANSACTION_MEMBERS, TRANSACTION_TOKENS } from './bindings-transactions';
import { CONTAINER_TOKENS, TX } from './container-tokens';
import { ShopGraph, TransactionGraph } from './wiring-transactions';
import { TOKENS } from '../core/ports/tokens';
import { CategoryService } from '../core/catalogue/category-service';
import { ProductService } from '../core/catalogue/product-service';
import { PriceSyncService } from '../core/catalogue/price-sync';
import { StockSyncService } from '../core/catalogue/stock-sync';
import { OrderStatusService } from '../core/checkout/order-status-service';
import { CartService } from '../core/cart/cart-service';

const options = { apiUrl: 'http://127.0.0.1:9' };

/** the ids a fresh createServerContainer binds, as it binds them (recorded from Container.prototype.bind) */
function idsTheContainerBinds(): ServiceIdentifier[] {
  const ids: ServiceIdentifier[] = [];
  const bind = Container.prototype.bind;
  const spy = vi.spyOn(Container.prototype, 'bind').mockImplementation(function (this: Container, id: ServiceIdentifier) {
    ids.push(id);
    return bind.call(this, id) as never;
  } as never);
  try {
    createServerContainer(options);
  } finally {
    spy.mockRestore();
  }
  return ids;
}

const nameOf = (id: ServiceIdentifier) => (typeof id === 'function' ? id.name : String(id));

afterEach(() => vi.restoreAllMocks());

describe('the server\'s services without inversify (adapters/shop-services.ts)', () => {
  it('binds every id the server container binds, and only those: both halves and the provided members', () => {
    const bound = idsTheContainerBinds();
    // both halves' tables, the product page's services and the syncs (provided with their code, adapters/wiring-product.ts,
    // wiring-sync.ts): what the services answer from; each id once (twice would make the container's get ambiguous)
    expect(new Set(bound).size).toBe(bound.length);
    const provided = [ProductService, CONTAINER_TOKENS.Product, PriceSyncService, StockSyncService];
    expect(new Set(bound)).toEqual(new Set([...CATALOGUE_MEMBERS, ...TRANSACTION_MEMBERS].map(([id]) => id).concat(provided)));

    const services = createServerServices(options);
    const container = createServerContainer(options);
    for (const id of bound) {
      expect(services.isBound(id), nameOf(id)).toBe(true);
      expect(container.isBound(id), nameOf(id)).toBe(true);
      // the same kind of member (each over its own graph)
      const ours = services.get(id);
      const theirs = container.get(id);
      expect(ours === null || typeof ours !== 'object' ? typeof ours : ours.constructor, nameOf(id)).toBe(
        theirs === null || typeof theirs !== 'object' ? typeof theirs : theirs.constructor,
      );
    }
    // the one config, the one jsdom sanitizer of the process (adapters/server-container.ts and server-services.ts bind it)
    expect(services.get(TOKENS.Config)).toBe(container.get(TOKENS.Config));
    expect(services.get(TOKENS.HtmlSanitizer)).toBe(container.get(TOKENS.HtmlSanitizer));
    expect(createBaseServerServices(options).get<object>(TOKENS.HtmlSanitizer).constructor).toBe(createBaseServerContainer(options).get<object>(TOKENS.HtmlSanitizer).constructor);
  });

  it('answers each id with the very member a container over the same graph binds, the same object every time', () => {
    const services = createServerServices(options);
    // what adapters/container.ts createContainer does, over the services' graph
    const c = new Container({ defaultScope: 'Singleton' });
    bindCatalogue(c, services.graph);
    bindTransactions(c, services.graph.transactions);
    for (const id of idsTheContainerBinds()) {
      const member = services.get(id);
      expect(member, nameOf(id)).toBeDefined();
      expect(services.get(id), nameOf(id)).toBe(member);
      expect(c.get(id), nameOf(id)).toBe(member);
    }
    // the transaction half over the same graph: a Symbol and its class name one member (the server's dehydrate reads TX.OrderStatus)
    expect(services.get(TX.OrderStatus)).toBe(services.get(OrderStatusService));
    expect(services.get(TX.Cart)).toBe(services.graph.cart);
    expect(services.get(CONTAINER_TOKENS.Graph)).toBe(services.graph);
    expect(services.get(CONTAINER_TOKENS.Product)).toBe(services.get(ProductService));
  });

  it('one graph per call: a render never sees another render\'s members', () => {
    const a = createServerServices(options);
    const b = createServerServices(options);
    expect(a.graph).not.toBe(b.graph);
    for (const id of [CategoryService, CartService, TRANSACTION_TOKENS.TaskQueue, ProductService] as ServiceIdentifier[]) expect(a.get(id)).not.toBe(b.get(id));
  });

  it('an id nobody binds: isBound false as in the container, and get throws naming it', () => {
    const services = createServerServices(options);
    const container = createServerContainer(options);
    class NotAService {}
    for (const id of [Symbol.for('nope'), 'CategoryService', NotAService, ShopGraph, TransactionGraph, ShopGraphServices] as ServiceIdentifier[]) {
      expect(services.isBound(id), nameOf(id)).toBe(false);
      expect(container.isBound(id), nameOf(id)).toBe(false);
      expect(() => container.get(id)).toThrow();
    }
    expect(() => services.get(NotAService)).toThrow(/NotAService is not bound/);
    expect(() => services.get(Symbol.for('nope'))).toThrow(/Symbol\(nope\) is not bound/);
  });
});
