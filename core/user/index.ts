/** User capability: session, token lock, wishlist and compare, order history, address book. */
export * from './token-lock';
export * from './session-service';
export * from './sku-list-service';
export * from './list-items';
export * from './order-details';
export * from './reorder';
export * from './address-book';
