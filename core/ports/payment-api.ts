/** The payment provider service under config.payment.serviceBasePath (spec transactions §3, §7 "Payment service"). */
/** the provider's method as the service lists it (`_embedded.methods[]`) */
export interface ProviderPaymentMethodWire {
  id: string;
  description: string;
  image?: { svg?: string; [size: string]: string | undefined };
}

/** spec transactions §3 "Issuer": name, id, image */
export interface Issuer {
  id: string;
  name: string;
  image?: { svg?: string; [size: string]: string | undefined };
}

/** spec transactions §3 "Payment creation request" */
export interface PaymentCreationRequest {
  currency: string;
  order_id: string;
  description: string;
  redirectUrl: string;
  method: string;
  issuer?: string;
  /** the order's signed token (POST /api/order's order_token): the demo backend's proof that the caller owns the order */
  order_token?: string;
}

/** spec transactions §3 "Payment creation response" */
export interface PaymentCreationResponse {
  order_id: string;
  amount: number | string | { value: string; currency: string };
  payment_gateway_url: string;
}

/** spec transactions §3 "Order comment request" */
export interface OrderCommentRequest {
  order_id: string;
  /** the order's signed token, as in PaymentCreationRequest */
  order_token?: string;
  status_history: {
    comment: string;
    created_at: string;
    is_customer_notified: 0;
    is_visible_on_front: 0;
    parent_id: string;
    status: string;
  };
}

export type PaymentStatus = 'paid' | 'pending' | 'open' | 'failed' | 'canceled' | 'expired';

/** spec transactions §3 "Payment status response" */
export interface PaymentStatusResponse {
  order: { increment_id: string; customer_email: string };
  payment: { status: PaymentStatus | string };
}

export interface PaymentApi {
  /** GET payment-methods → result._embedded.methods */
  paymentMethods(): Promise<ProviderPaymentMethodWire[]>;
  fetchIssuers(): Promise<Issuer[]>;
  createPayment(request: PaymentCreationRequest): Promise<PaymentCreationResponse>;
  postOrderComment(request: OrderCommentRequest): Promise<void>;
  /** POST get-payment-status { token }: throws ApiError(403, 'HASH_INCORRECT'), ApiError(404, ...) */
  paymentStatus(orderToken: string): Promise<PaymentStatusResponse>;
}
