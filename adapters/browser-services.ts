import type { Container, ServiceIdentifier } from 'inversify';
import { catalogueBindings } from './bindings-catalogue';
import { CatalogueGraph, createRuntime, providedMemberKey, type ContainerOptions } from './wiring';

/**
 * What the React UI asks of its services: a service by its class or token, and whether one is bound. An inversify
 * Container is one (the tests', the browser's once the transaction half is there); the server renders with
 * ShopGraphServices (adapters/shop-services.ts, one per request), the browser's first render reads FirstRenderServices.
 */
export interface ShopServices {
  get<T>(id: ServiceIdentifier<T>): T;
  isBound(id: ServiceIdentifier): boolean;
}

/**
 * The browser's services for its first render and hydration, without the inversify container (issue 10: the
 * container's packages are ~50 KB minified, 13 KB gzipped, of every first page). It answers the catalogue half's
 * bindings (adapters/bindings-catalogue.ts catalogueBindings: the same table the container binds) from one
 * CatalogueGraph. The transaction half creates the inversify container over the same graph, binds both halves and
 * hands it over (`adopt`): from then on every question goes to the container, whose catalogue members are the very
 * ones the first render used (the graph makes each once).
 */
export class FirstRenderServices implements ShopServices {
  private readonly table: Map<ServiceIdentifier, () => unknown>;
  private container: Container | undefined;

  constructor(readonly graph: CatalogueGraph) {
    this.table = new Map(catalogueBindings(graph));
  }

  get<T>(id: ServiceIdentifier<T>): T {
    if (this.container?.isBound(id)) return this.container.get<T>(id);
    const make = this.table.get(id) ?? this.provided(id);
    if (!make) throw new Error(`${typeof id === 'function' ? id.name : String(id)} is not bound${this.container ? '' : ' before the transaction half'}`);
    return make() as T;
  }

  isBound(id: ServiceIdentifier): boolean {
    return Boolean(this.container?.isBound(id)) || this.table.has(id) || this.provided(id) !== undefined;
  }

  /**
   * A member provided with its code after the first load (adapters/wiring-product.ts, issue 10), also after the
   * container was adopted (it bound what was provided when it was made): the same member of the same graph.
   */
  private provided(id: ServiceIdentifier): (() => unknown) | undefined {
    const key = providedMemberKey(id);
    return key === undefined ? undefined : () => this.graph.member(key);
  }

  /**
   * More bindings over this graph (issue 10: the transaction half's table, adapters/bindings-transactions.ts
   * transactionBindings, when that half loads); an id answered already keeps its binding.
   */
  provide(bindings: ReadonlyArray<readonly [ServiceIdentifier, () => unknown]>): void {
    for (const [id, make] of bindings) if (!this.table.has(id)) this.table.set(id, make);
  }

  /** the inversify container with both halves bound over this graph: it answers from now on */
  adopt(container: Container): void {
    this.container = container;
  }
}

/** The browser's first-render services (createBrowserContainer's options; the container comes with the transaction half). */
export function createFirstRenderServices(options: ContainerOptions = {}): FirstRenderServices {
  return new FirstRenderServices(new CatalogueGraph(createRuntime('browser', options)));
}
