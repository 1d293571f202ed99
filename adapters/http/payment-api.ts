import type { KyInstance } from 'ky';
import type { ShopConfig } from '../../core/config';
import type {
  Issuer,
  OrderCommentRequest,
  PaymentApi,
  PaymentCreationRequest,
  PaymentCreationResponse,
  PaymentStatusResponse,
  ProviderPaymentMethodWire,
} from '../../core/ports/payment-api';
import { envelope, result } from './api-client';

type Image = NonNullable<ProviderPaymentMethodWire['image']>;

/**
 * Where the browser loads a provider logo from, so the CSP can stay `img-src 'self'`: an API address under /img/
 * becomes that path on the shop's origin (passed through to the API; an encoded dot, slash or backslash is dropped,
 * so it never leaves /img/); another API address is dropped; an http(s) address elsewhere (a CDN, docs/deploy.md) is
 * kept; anything else is dropped.
 */
export function logoAddress(address: unknown, apiUrl: string, publicUrl: string): string | undefined {
  if (typeof address !== 'string' || address.trim() === '' || /[\\\s]/.test(address)) return undefined;
  const api = new URL(apiUrl);
  let url: URL;
  try {
    url = new URL(address, api);
  } catch {
    return undefined;
  }
  if (url.origin === api.origin) {
    const path = url.pathname;
    if (!path.startsWith('/img/') || /%(2e|2f|5c)/i.test(path)) return undefined;
    return `${publicUrl.replace(/\/+$/, '')}${path}`;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
}

/** The payment service under config.payment.serviceBasePath (docs/protocol.md "Payment service"). */
export class HttpPaymentApi implements PaymentApi {
  private readonly base: string;

  constructor(
    private readonly client: KyInstance,
    private readonly config: Pick<ShopConfig, 'payment' | 'api'>,
  ) {
    this.base = config.payment.serviceBasePath.replace(/^\/+|\/+$/g, '');
  }

  /** the logo sizes the browser can load under the shop's CSP (logoAddress); none left = no image */
  private image(image: Image | undefined): { image?: Image } {
    if (!image || typeof image !== 'object') return {};
    // Object.fromEntries defines each size as an own property (a size named __proto__ included)
    const out: Image = Object.fromEntries(
      Object.entries(image).flatMap(([size, address]) => {
        const mapped = logoAddress(address, this.config.api.url, this.config.api.publicUrl);
        return mapped ? [[size, mapped]] : [];
      }),
    );
    return Object.keys(out).length ? { image: out } : {};
  }

  async paymentMethods(): Promise<ProviderPaymentMethodWire[]> {
    type Methods = { _embedded?: { methods?: ProviderPaymentMethodWire[] } };
    const r = await result<Methods>(this.client, `${this.base}/payment-methods`);
    return (r?._embedded?.methods ?? []).map((m) => ({ id: m.id, description: m.description, ...this.image(m.image) }));
  }

  async fetchIssuers(): Promise<Issuer[]> {
    const r = await result<Issuer[]>(this.client, `${this.base}/fetch-issuers`);
    return Array.isArray(r) ? r.map((i) => ({ id: i.id, name: i.name, ...this.image(i.image) })) : [];
  }

  async createPayment(request: PaymentCreationRequest): Promise<PaymentCreationResponse> {
    return result(this.client, `${this.base}/post-payment`, { method: 'post', json: request });
  }

  async postOrderComment(request: OrderCommentRequest): Promise<void> {
    await envelope(this.client, `${this.base}/order-comments`, { method: 'post', json: request });
  }

  async paymentStatus(orderToken: string): Promise<PaymentStatusResponse> {
    return result(this.client, `${this.base}/get-payment-status`, { method: 'post', json: { token: orderToken } });
  }
}
