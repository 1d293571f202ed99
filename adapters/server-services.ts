import type { ContainerOptions } from './wiring';
import { createServerServices as createBaseServerServices, type ShopGraphServices } from './shop-services';
import { jsdomHtmlSanitizer } from './html/jsdom-sanitizer';

/**
 * What the server renders with (ui/entry-server.tsx, one per request): what createServerContainer of
 * adapters/server-container.ts binds, with the same jsdom sanitizer (CMS HTML by DOMPurify), answered from a table over
 * one ShopGraph without inversify (adapters/shop-services.ts; issue 8: the container per render was ~5.6 % of an
 * uncached category answer's CPU). A file of its own, so the server's bundle does not load inversify at all.
 */
export function createServerServices(options: ContainerOptions = {}): ShopGraphServices {
  return createBaseServerServices({ htmlSanitizer: jsdomHtmlSanitizer(), ...options });
}
