/**
 * The product page's service of the catalogue graph (issue 10): ProductService (with variants, bundles, related
 * products), 17 KB minified that only a product page reads (the price and stock syncs, which no page reads, are
 * adapters/wiring-sync.ts). They are members of the one
 * CatalogueGraph like any other (adapters/wiring.ts provideCatalogueMembers), provided by the module that carries their
 * code: the server's, the tests' and the SDK's wiring call provideProductMembers before building a graph; in the browser
 * the product page's chunk and the routes that load a product do (ui/hooks/use-product.ts, ui/app/pages-catalogue.tsx).
 */
import { ProductService } from '../core/catalogue/product-service';
import { CONTAINER_TOKENS } from './container-tokens';
import { provideCatalogueMembers } from './wiring';

export function provideProductMembers(): void {
  provideCatalogueMembers({
    product: {
      ids: [ProductService, CONTAINER_TOKENS.Product],
      make: (g) => new ProductService(g.catalogueSearch, g.config, g.attributes, g.logger, g.runtime.clock),
    },
  });
}
