import { INLINE_SCRIPT_HASHES } from '../entry-server';

/** where Google Tag Manager and the GA4 tags it loads send their hits and pixels */
const TAG_MANAGER_ORIGINS =
  'https://*.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com';

/**
 * The headers of every HTML answer. Scripts run only when they are the page's two constant inline scripts (by their
 * SHA-256) or what those add ('strict-dynamic'); images and API calls go to the shop's origin and the API's public one
 * (`apiOrigin`, '' none), and with a tag manager (loaded after consent) to Google's. `hsts`: served over https.
 */
export function htmlSecurityHeaders(options: { hsts: boolean; apiOrigin: string; tagManager: boolean }) {
  const extra = options.apiOrigin ? ` ${options.apiOrigin}` : '';
  const tags = options.tagManager ? ` ${TAG_MANAGER_ORIGINS}` : '';
  const csp = [
    `default-src 'self'`,
    `script-src ${INLINE_SCRIPT_HASHES.join(' ')} 'strict-dynamic'`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:${extra}${tags}`,
    `font-src 'self' data:`,
    `connect-src 'self'${extra}${tags}`,
    `manifest-src 'self'`,
    `worker-src 'self'`,
    `form-action 'self'${extra}`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `frame-ancestors 'none'`,
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    ...(options.hsts ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * The headers of every answer the /api and /img pass-through relays onto the shop's origin: never sniffed into another
 * type and, opened as a document (an uploaded SVG with a script, an upstream's HTML error page), it runs no script.
 */
export const PASS_THROUGH_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox",
};
