/** Cart capability: rules (pure) and the cart service. */
export * from './types';
export * from './identity';
export * from './add';
export * from './hash';
export * from './merge';
export * from './minicart';
export * from './server-results';
export * from './totals';
export * from './cart-service';
export * from './stock-check';
export * from './tax-country';
export * from './cart-stock-sync';
