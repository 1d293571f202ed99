/**
 * The price and stock syncs of the catalogue graph (spec catalogue: PriceSyncService, StockSyncService): the SDK and the
 * container bind them, no page of the React UI reads them, so the browser's pages do not carry them (issue 10). The
 * server's, the tests' and the SDK's wiring provide them with the product page's service (adapters/wiring-product.ts).
 */
import { PriceSyncService } from '../core/catalogue/price-sync';
import { StockSyncService } from '../core/catalogue/stock-sync';
import { provideCatalogueMembers } from './wiring';

export function provideSyncMembers(): void {
  provideCatalogueMembers({
    priceSync: {
      ids: [PriceSyncService],
      make: (g) => new PriceSyncService(g.productApi, g.runtime.clock, g.config, g.config.storeViews.defaultStoreId, g.logger),
    },
    stockSync: { ids: [StockSyncService], make: (g) => new StockSyncService(g.stockApi, g.config, g.logger) },
  });
}
