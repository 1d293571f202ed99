import type { FastifyReply } from 'fastify';
import { ROUTES } from '../../core/routing/routes';

/**
 * GET /robots.txt: everything may be crawled except the shopper's own pages (checkout, account, order status, the
 * password link, the wishlist and compare lists: spec catalogue §2.1 routes, their paths up to the first parameter)
 * and the API pass-through; it points crawlers to /sitemap.xml. The shop has no cart or search-result route (the cart
 * and the search results are panels over the current page), so there is no such path to keep out.
 */
const PRIVATE_ROUTES: readonly string[] = ['checkout', 'my-account', 'order-details', 'order-status', 'create-password', 'wishlist', 'compare'];

/** The paths robots.txt disallows (prefixes: '/my-account' covers '/my-account/orders/…'), each once, in the route table's order. */
export function disallowedPaths(): string[] {
  const paths = ROUTES.filter((r) => PRIVATE_ROUTES.includes(r.name)).map((r) => r.path.split('/:')[0] as string);
  const unique = [...new Set(paths)].filter((p, _, all) => !all.some((q) => q !== p && p.startsWith(`${q}/`)));
  return [...unique, '/api/'];
}

/**
 * The file under one origin: `origin` is the one /sitemap.xml writes in front of its paths (PUBLIC_URL, else a
 * well-formed Host header; ui/server.ts originOf), so both name the same absolute URLs.
 */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...disallowedPaths().map((p) => `Disallow: ${p}`), `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

/** Sends robots.txt: plain text, cacheable for a day by browsers and shared caches (it changes with a deploy, if ever). */
export function sendRobotsTxt(reply: FastifyReply, origin: string): FastifyReply {
  return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robotsTxt(origin));
}
