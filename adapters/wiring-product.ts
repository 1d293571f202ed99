/**
 * The product page's services of the catalogue graph (issue 10): ProductService (with variants, bundles, related
 * products) and the price and stock syncs, 20 KB minified that only a product page reads. They are members of the one
 * CatalogueGraph like any other (adapters/wiring.ts provideCatalogueMembers), provided by the module that carries their
 * code: the server's, the tests' and the SDK's wiring call provideProductMembers before building a graph; in the browser
 * the product page's chunk and the routes that load a product do (ui/hooks/use-product.ts, ui/app/pages-catalogue.tsx).
 */
import { ProductService } from '../core/catalogue/product-service';
import { PriceSyncService } from '../core/catalogue/price-sync';
import { StockSyncService } from '../core/catalogue/stock-sync';
import { CONTAINER_TOKENS } from './container-tokens';
import { provideCatalogueMembers } from './wiring';

export function provideProductMembers(): void {
  provideCatalogueMembers({
    product: {
      ids: [ProductService, CONTAINER_TOKENS.Product],
      make: (g) => new ProductService(g.catalogueSearch, g.config, g.attributes, g.logger, g.runtime.clock),
    },
    priceSync: {
      ids: [PriceSyncService],
      make: (g) => new PriceSyncService(g.productApi, g.runtime.clock, g.config, g.config.storeViews.defaultStoreId, g.logger),
    },
    stockSync: { ids: [StockSyncService], make: (g) => new StockSyncService(g.stockApi, g.config, g.logger) },
  });
}
