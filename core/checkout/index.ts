/** Checkout capability: form and address rules, checkout rules, order placement, payment flow, order status. */
export * from './types';
export * from './form-validation';
export * from './address-rules';
export * from './back-to-cart';
export * from './checkout-rules';
export * from './payment-status';
export * from './order-store';
export * from './checkout-service';
export * from './payment-service';
export * from './order-status-service';
export * from './checkout-step';
export * from './going-online';
export * from './personal-defaults';
export * from './saved-addresses';
