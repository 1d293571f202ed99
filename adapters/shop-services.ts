import type { ServiceIdentifier } from 'inversify';
import type { ShopServices } from './browser-services';
import { CATALOGUE_MEMBERS } from './bindings-catalogue';
import { TRANSACTION_MEMBERS } from './bindings-transactions';
import { createRuntime, providedMemberKey, type ContainerOptions, type Runtime } from './wiring';
import { ShopGraph } from './wiring-transactions';
import { SERVER_READS } from './cache/catalogue-read-cache';
import { provideProductMembers } from './wiring-product';
import { provideSyncMembers } from './wiring-sync';

type Read = (g: ShopGraph) => unknown;

/**
 * Every id the container of adapters/container.ts binds, to the accessor of its member in a ShopGraph: both halves'
 * tables (adapters/bindings-catalogue.ts CATALOGUE_MEMBERS, bindings-transactions.ts TRANSACTION_MEMBERS), made once
 * per process. An id in both would be ambiguous in the container (its `get` throws): refused here at once.
 */
function shopMembers(): ReadonlyMap<ServiceIdentifier, Read> {
  const table = new Map<ServiceIdentifier, Read>();
  const add = (id: ServiceIdentifier, read: Read) => {
    if (table.has(id)) throw new Error(`${idName(id)} is bound twice (adapters/bindings-catalogue.ts, bindings-transactions.ts)`);
    table.set(id, read);
  };
  for (const [id, read] of CATALOGUE_MEMBERS) add(id, read);
  for (const [id, read] of TRANSACTION_MEMBERS) add(id, (g) => read(g.transactions));
  return table;
}
const SHOP_MEMBERS = shopMembers();

function idName(id: ServiceIdentifier): string {
  return typeof id === 'function' ? id.name : String(id);
}

/**
 * The shop's services over one ShopGraph without the inversify container (issue 8: a container per server render,
 * ~80 `toDynamicValue` bindings and inversify's resolution on every `get`, was ~5.6 % of an uncached category
 * answer's CPU). It answers what createServerContainer/createTestContainer (adapters/container.ts) bind, from the
 * same tables: every id of both halves and the members provided with their code (adapters/wiring-product.ts,
 * wiring-sync.ts), each with the graph's member — made once per graph, so `get` of an id twice gives the same object,
 * as the container's singleton binding does. An id it does not bind throws, as the container's `get` does.
 */
export class ShopGraphServices implements ShopServices {
  constructor(readonly graph: ShopGraph) {}

  get<T>(id: ServiceIdentifier<T>): T {
    const read = SHOP_MEMBERS.get(id);
    if (read) return read(this.graph) as T;
    const key = providedMemberKey(id);
    if (key !== undefined) return this.graph.member<T>(key);
    throw new Error(`${idName(id)} is not bound in the shop's services (adapters/bindings-catalogue.ts, bindings-transactions.ts)`);
  }

  isBound(id: ServiceIdentifier): boolean {
    return SHOP_MEMBERS.has(id) || providedMemberKey(id) !== undefined;
  }
}

/** the product page's services and the syncs are provided once per process (the container provides them per call) */
let provided = false;

/** The services of one ShopGraph of a runtime (the server's per render, adapters/server-services.ts createServerServices). */
export function createShopServices(runtime: Runtime, options: ContainerOptions = {}): ShopGraphServices {
  if (!provided) {
    provideProductMembers();
    provideSyncMembers();
    provided = true;
  }
  return new ShopGraphServices(new ShopGraph(createRuntime(runtime, options, SERVER_READS)));
}

/** What createServerContainer (adapters/container.ts) binds, without the container: a server runtime's services. */
export function createServerServices(options: ContainerOptions = {}): ShopGraphServices {
  return createShopServices('server', options);
}
