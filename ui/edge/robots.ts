import { ROUTES } from '../../core/routing/routes';

/**
 * GET /robots.txt: all may be crawled but the API pass-through and the shopper's own pages (spec catalogue §2.1 routes,
 * their paths up to the first parameter; cart and search results are panels, not routes); it points to /sitemap.xml.
 */
const PRIVATE_ROUTES = [
  'checkout', 'my-account', 'order-details', 'order-status', 'create-password', 'wishlist', 'compare',
];

/** The paths robots.txt disallows: prefixes ('/my-account' covers '/my-account/orders/…'), each once. */
export function disallowedPaths(): string[] {
  const paths = new Set(ROUTES.filter((r) => PRIVATE_ROUTES.includes(r.name)).map((r) => r.path.split('/:')[0]!));
  return [...[...paths].filter((p) => ![...paths].some((q) => p.startsWith(`${q}/`))), '/api/'];
}

/** `origin`: the one /sitemap.xml writes in front of its paths (ui/server.ts originOf), so both name the same URLs */
export function robotsTxt(origin: string): string {
  const disallow = disallowedPaths().map((p) => `Disallow: ${p}`);
  return ['User-agent: *', 'Allow: /', ...disallow, `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
