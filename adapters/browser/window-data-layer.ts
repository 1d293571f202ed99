/**
 * The DataLayer port in the browser: events go to `window.dataLayer` (created when missing, never replaced).
 * `loadTagManager` adds GTM's script; the caller does so only after consent and when the shop set an id.
 */
import type { DataLayer, DataLayerEntry } from '../../core/ports/data-layer';

type DataLayerHost = { dataLayer?: DataLayerEntry[] };

export class WindowDataLayer implements DataLayer {
  constructor(private readonly host: DataLayerHost = globalThis as DataLayerHost) {}

  push(entry: DataLayerEntry): void {
    (this.host.dataLayer ??= []).push(entry);
  }
}

/** GTM's container ids: 'GTM-' and letters/digits (anything else is refused, never put in a URL). */
const CONTAINER_ID = /^GTM-[A-Z0-9]{4,12}$/;

/**
 * Loads Google Tag Manager's script once per document, after its `gtm.js` start event, with the nonce of the page's
 * own scripts (CSP 'strict-dynamic'). Answers whether it was added.
 */
export function loadTagManager(containerId: string, doc: Document = document, layer: DataLayer = new WindowDataLayer(doc.defaultView as unknown as DataLayerHost), now: () => number = Date.now): boolean {
  if (!CONTAINER_ID.test(containerId) || doc.getElementById('gtm-script')) return false;
  layer.push({ 'gtm.start': now(), event: 'gtm.js' });
  const script = doc.createElement('script');
  script.id = 'gtm-script';
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
  const nonce = doc.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
  if (nonce) script.nonce = nonce;
  doc.head.appendChild(script);
  return true;
}
