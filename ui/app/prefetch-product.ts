import type { ShopServices as Container } from '../../adapters/wiring';
import { productLoadDecision } from '../../core/catalogue/product-service';
import { UrlDispatcher } from '../../core/routing/dispatcher';
import { TOKENS } from '../../core/ports/tokens';
import type { ShopConfig } from '../../core/config';
import { preloadDispatched } from '../pages/DispatchedPage';
import { prefetched, productServiceOf } from './pages-catalogue';

/** how long the answers wait for their click: a shopper's click follows the pointer within a second or two */
const MAX_AGE_MS = 30_000;

/**
 * A product tile pointed at or focused: the page's code, the URL map's answer and the product are asked for now, so the
 * click paints without waiting (dispatchLoad takes them). A product to redirect or not shown is left to the navigation.
 */
export function prefetchProduct(container: Container, href: string): void {
  if (prefetched.has(href) || !navigator.onLine) return;
  const config = container.get<ShopConfig>(TOKENS.Config);
  const resolution = container.get(UrlDispatcher).resolve(href);
  const product = resolution.then(async (r) => {
    if (r.kind !== 'product') return undefined;
    const found = await (await productServiceOf(container)).fetchOne(r.product.sku);
    return found && productLoadDecision(found, config).kind === 'ok' ? found : undefined;
  });
  const entry = { resolution, product };
  const forget = () => prefetched.get(href) === entry && prefetched.delete(href);
  // a failed prefetch is forgotten (the navigation asks again), so are answers not taken in time (they would be stale)
  product.catch(forget);
  setTimeout(forget, MAX_AGE_MS);
  prefetched.set(href, entry);
  void preloadDispatched('product').catch(() => undefined);
}
