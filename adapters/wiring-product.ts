/**
 * The product page's part of the composition root (adapters/wiring.ts): the browser adds it with the product page's
 * chunk, a product route's load or a product's state; Node's graphs have it from the start.
 */
import { ProductService } from '../core/catalogue/product-service';
import { AttributeService } from '../core/catalogue/attributes';
import { TOKENS } from '../core/ports/tokens';
import type { CatalogueSearch } from '../core/ports/catalogue-search';
import { CONTAINER_TOKENS, type Bindings, type ServiceId, type ShopGraph } from './wiring';

export const PRODUCT: Bindings = new Map<ServiceId, (g: ShopGraph) => unknown>([
  [ProductService, (g) => new ProductService(g.get<CatalogueSearch>(TOKENS.CatalogueSearch), g.runtime.config, g.get(AttributeService), g.runtime.logger, g.runtime.clock)],
  [CONTAINER_TOKENS.Product, (g) => g.get(ProductService)],
]);
