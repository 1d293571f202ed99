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
import { envelope } from './api-client';

/** The payment service under config.payment.serviceBasePath (docs/protocol.md "Payment service"). */
export class HttpPaymentApi implements PaymentApi {
  private readonly base: string;

  constructor(
    private readonly client: KyInstance,
    config: Pick<ShopConfig, 'payment'>,
  ) {
    this.base = config.payment.serviceBasePath.replace(/^\/+|\/+$/g, '');
  }

  async paymentMethods(): Promise<ProviderPaymentMethodWire[]> {
    const r = (await envelope<{ _embedded?: { methods?: ProviderPaymentMethodWire[] } }>(this.client, `${this.base}/payment-methods`)).result;
    return (r?._embedded?.methods ?? []).map((m) => (m.image ? { id: m.id, description: m.description, image: m.image } : { id: m.id, description: m.description }));
  }

  async fetchIssuers(): Promise<Issuer[]> {
    const r = (await envelope<Issuer[]>(this.client, `${this.base}/fetch-issuers`)).result;
    return Array.isArray(r) ? r.map((i) => (i.image ? { id: i.id, name: i.name, image: i.image } : { id: i.id, name: i.name })) : [];
  }

  async createPayment(request: PaymentCreationRequest): Promise<PaymentCreationResponse> {
    return (await envelope<PaymentCreationResponse>(this.client, `${this.base}/post-payment`, { method: 'post', json: request })).result;
  }

  async postOrderComment(request: OrderCommentRequest): Promise<void> {
    await envelope(this.client, `${this.base}/order-comments`, { method: 'post', json: request });
  }

  async paymentStatus(orderToken: string): Promise<PaymentStatusResponse> {
    return (await envelope<PaymentStatusResponse>(this.client, `${this.base}/get-payment-status`, { method: 'post', json: { token: orderToken } })).result;
  }
}
