/** The analytics chunk (ui/app/analytics.ts loads it once the shopper consented): dataLayer, tag manager, cart. */
import type { ShopServices } from '../../adapters/wiring';
import { TX } from '../../adapters/wiring';
import { WindowDataLayer, loadTagManager } from '../../adapters/browser/window-data-layer';
import { AnalyticsService, type CartSource, type CheckoutSource } from '../../core/analytics/analytics-service';
import type { ShopConfig } from '../../core/config';
import { TOKENS } from '../../core/ports/tokens';
import { CookieNoticeService } from '../../core/ui-state/claims-service';
import { transactionsLoaded } from './transactions';

export function startAnalytics(container: ShopServices): AnalyticsService {
  const config = container.get<ShopConfig>(TOKENS.Config);
  const consent = container.get(CookieNoticeService);
  const layer = new WindowDataLayer();
  const service = new AnalyticsService(layer, consent, config);
  const containerId = config.analytics.tagManagerContainerId;
  if (containerId && consent.snapshot().consent === 'granted') loadTagManager(containerId, document, layer);
  void transactionsLoaded().then(() => {
    service.watchCart(container.get<CartSource>(TX.Cart));
    service.watchCheckout(container.get<CheckoutSource>(TX.Checkout));
  });
  return service;
}
