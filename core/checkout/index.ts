/** Checkout capability: form rules, checkout rules, order placement, payment flow, order status. */
export * from './types';
export * from './form-validation';
export { addressErrors, addressFieldChecks, billingAddressErrors, InvalidAddressError, type AddressField, type AddressInput, type BillingField } from './address-rules';
export { backToCart, type BackToCartDeps, type BackToCartOutcome } from './back-to-cart';
export {
  isInCheckout,
  shippingMethods,
  defaultShippingMethod,
  cartIsVirtualOnly,
  providerPaymentMethod,
  cashOnDeliveryMethod,
  paymentMethods,
  providerMethodCode,
  buildOrderBody,
  orderAccepted,
  type OrderInput,
  type PaymentMethodsResult,
} from './checkout-rules';
export { paymentStatusGroup, paymentRedirectUrl, type PaymentStatusGroup } from './payment-status';
export { OrderStore, type StoredOrder } from './order-store';
export {
  CheckoutService,
  INITIAL_CHECKOUT_STATE,
  fromServerShippingMethod,
  type CartForCheckout,
  type CheckoutDeps,
  type SessionForCheckout,
  type CheckoutState,
  type PlacedOrder,
  type TransmitReport,
} from './checkout-service';
export {
  PaymentService,
  ORDER_COMMENT_STATUS,
  formatPaymentAmount,
  type CheckoutCompletion,
  type CheckoutForPayment,
  type PaymentOutcome,
  type PaymentState,
} from './payment-service';
export { OrderStatusService, orderStatusView, type OrderStatusView } from './order-status-service';
export { CHECKOUT_STEPS, furthestStep, isCheckoutStep, resumeStep, type CheckoutStep, type SavedCheckoutDetails } from './checkout-step';
export { whenBackOnline } from './going-online';
export { personalDetailsFromCustomer } from './personal-defaults';
export {
  savedAddressOptions,
  prefillAddress,
  chooseAddress,
  chosenAddress,
  addressTyped,
  addressLine,
  formValuesOf,
  ADDRESS_FORM_FIELDS,
  NEW_ADDRESS,
  type AddressFormValues,
  type SavedAddressOption,
} from './saved-addresses';
