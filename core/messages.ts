/**
 * The user-facing messages of both spec catalogues (§8), one i18next key each (texts in ui/i18n/<locale>/*.json).
 * Core never returns bare strings to the shopper: it returns one of these keys, and the UI translates it.
 */
export const MESSAGES = {
  // ---- catalogue §4.2, §4.3, §8
  noSuchConfiguration: 'catalogue.noSuchConfiguration',
  noParentSku: 'catalogue.noParentSku',
  noAvailableVariants: 'catalogue.noAvailableVariants',
  productStatusEmpty: 'catalogue.productStatusEmpty', // {{status}}
  productVisibilityEmpty: 'catalogue.productVisibilityEmpty', // {{visibility}}
  productNotFound: 'catalogue.productNotFound',
  /** a bundle's choices (catalogue §3.1, §4.4) */
  bundleOptionRequired: 'catalogue.bundleOptionRequired',
  bundleLinkOutOfStock: 'catalogue.bundleLinkOutOfStock',
  emptyCategoryList: 'catalogue.emptyCategoryList',
  categoryQueryEmpty: 'catalogue.categoryQueryEmpty', // {{key}} {{value}}
  cmsQueryEmpty: 'catalogue.cmsQueryEmpty',
  unknownEntityType: 'catalogue.unknownEntityType',
  searchKeyRequired: 'catalogue.searchKeyRequired',
  routeNotFound: 'catalogue.routeNotFound',
  offlineRedirectHome: 'catalogue.offlineRedirectHome',
  /** the API did not answer (timeout, unreachable, 5xx): 'try again in a moment', never 'not found' */
  shopUnavailable: 'unavailable.message',
  onlyMaxQuantity: 'catalogue.onlyMaxQuantity', // {{maxQuantity}}
  youAreOffline: 'common.youAreOffline',
  ok: 'common.ok',
  // ---- quantity validation (catalogue §5, transactions §5)
  qtyAboveZero: 'validation.qtyAboveZero',
  qtyPositiveInteger: 'validation.qtyPositiveInteger',
  qtyBelowAvailable: 'validation.qtyBelowAvailable', // {{maxQuantity}}
  // ---- form rules (transactions §5)
  nameMinLength: 'validation.nameMinLength', // {{min}}
  passwordRule: 'validation.passwordRule',
  passwordsIdentical: 'validation.passwordsIdentical',
  taxIdMinLength: 'validation.taxIdMinLength', // {{min}}
  zipCodeMinLength: 'validation.zipCodeMinLength', // {{min}}
  invalidEmail: 'validation.invalidEmail',
  termsRequired: 'validation.termsRequired',
  fieldRequired: 'validation.fieldRequired',
  countryNotAllowed: 'validation.countryNotAllowed',
  // ---- cart (transactions §8)
  priceUnknown: 'cart.priceUnknown',
  productAdded: 'cart.productAdded',
  qtyUpdated: 'cart.qtyUpdated',
  volatileStock: 'cart.volatileStock',
  outOfStockCannotAdd: 'cart.outOfStockCannotAdd',
  itemInStock: 'cart.itemInStock',
  itemOutOfStock: 'cart.itemOutOfStock',
  proceedToCheckout: 'cart.proceedToCheckout',
  cartEmptyCheckout: 'cart.cartEmptyCheckout',
  productsNotAvailable: 'cart.productsNotAvailable',
  couponInvalid: 'cart.couponInvalid',
  qtyExceedsMax: 'cart.qtyExceedsMax',
  noCartId: 'cart.noCartId',
  taxCountryMissing: 'cart.taxCountryMissing',
  totalsSubtotal: 'cart.totals.subtotal',
  totalsShipping: 'cart.totals.shipping',
  totalsPayment: 'cart.totals.payment',
  totalsGrandTotal: 'cart.totals.grandTotal',
  totalsDiscountLastKnown: 'cart.totals.discountLastKnown',
  // ---- queue / server (transactions §8)
  badContentType: 'queue.badContentType',
  wrongResponseFormat: 'queue.wrongResponseFormat',
  serverError: 'queue.serverError', // {{message}}
  // ---- session (transactions §8)
  tokenRefreshUnauthorized: 'user.tokenRefreshUnauthorized',
  tokenRefreshInternal: 'user.tokenRefreshInternal',
  noUserToken: 'user.noUserToken',
  loggedOut: 'user.loggedOut',
  signInIncorrect: 'user.signInIncorrect',
  duplicateEmail: 'user.duplicateEmail',
  passwordTooWeak: 'user.passwordTooWeak',
  sourceEmailInvalid: 'user.sourceEmailInvalid',
  resetPasswordError: 'user.resetPasswordError',
  resetPasswordOffline: 'user.resetPasswordOffline',
  passwordChanged: 'user.passwordChanged',
  accountUpdated: 'user.accountUpdated',
  loggedIn: 'user.loggedIn',
  accountCreated: 'user.accountCreated',
  internalValidationError: 'user.internalValidationError',
  unexpectedAuthorizationError: 'user.unexpectedAuthorizationError',
  // ---- contact (transactions §8)
  contactFailed: 'contact.failed',
  contactSent: 'contact.sent',
  // ---- order and payment (transactions §2, §4, §8)
  orderPlaceError: 'order.placeError',
  orderQueued: 'order.queued',
  /** an order placed offline: kept, and sent once the connection is back (not a server error; the review step's text) */
  orderQueuedOffline: 'checkout.offlineNote',
  orderWaiting: 'order.waiting',
  orderWaitingConfirm: 'order.waitingConfirm',
  /** an order made offline was sent once back online; the backend's number */
  offlineOrderSent: 'order.offlineSent', // {{incrementId}}
  paymentNotCreated: 'payment.notCreated', // {{message}}
  invalidPaymentToken: 'payment.invalidToken',
  noPaymentMethods: 'payment.noMethods',
  /** offline: the provider's methods cannot be asked for */
  paymentMethodsOffline: 'payment.offline',
  noIssuers: 'payment.noIssuers',
  hashIncorrect: 'payment.hashIncorrect',
  paymentDetailsProblem: 'payment.detailsProblem',
  paymentFetchFailed: 'payment.fetchFailed',
  orderStatusSuccess: 'orderStatus.success', // {{email}}
  orderStatusPending: 'orderStatus.pending', // {{email}}
  orderStatusFailed: 'orderStatus.failed',
  orderStatusLabelSuccess: 'orderStatus.label.success',
  orderStatusLabelPending: 'orderStatus.label.pending',
  orderStatusLabelFailed: 'orderStatus.label.failed',
  paymentLabelPaid: 'payment.label.paid',
  paymentLabelFailed: 'payment.label.failed',
  paymentLabelCanceled: 'payment.label.canceled',
  paymentLabelExpired: 'payment.label.expired',
  paymentLabelPending: 'payment.label.pending',
  // ---- progress (transactions §8)
  progressPaymentStatus: 'progress.paymentStatus',
  progressCreatingPayment: 'progress.creatingPayment',
  progressSendingMessage: 'progress.sendingMessage',
  // ---- the server's own answers, translated (core/server-messages.ts; transactions §8)
  serverProductUnavailable: 'server.productUnavailable',
  serverChooseOptions: 'server.chooseOptions',
  serverRequiredOption: 'server.requiredOption', // {{option}}
  serverGroupedProduct: 'server.groupedProduct',
  serverCartNotFound: 'server.cartNotFound',
  serverCartItemNotFound: 'server.cartItemNotFound',
  serverShippingMethodUnavailable: 'server.shippingMethodUnavailable',
  serverPaymentMethodUnavailable: 'server.paymentMethodUnavailable',
  serverIssuerUnknown: 'server.issuerUnknown',
  serverOrderNotFound: 'server.orderNotFound',
  serverOrderAlreadyPaid: 'server.orderAlreadyPaid',
  serverOrderStatusFinal: 'server.orderStatusFinal',
  serverWrongPassword: 'server.wrongPassword',
  serverResetTokenInvalid: 'server.resetTokenInvalid',
  serverEmailUnknown: 'server.emailUnknown',
  serverTargetEmailInvalid: 'server.targetEmailInvalid',
  serverSessionExpired: 'server.sessionExpired',
  serverNotAuthorized: 'server.notAuthorized',
  serverTooManyAttempts: 'server.tooManyAttempts',
  serverInvalidRequest: 'server.invalidRequest',
} as const;

export type MessageName = keyof typeof MESSAGES;
export type MessageKey = (typeof MESSAGES)[MessageName];

/** An error the shopper may see: carries the i18next key and its interpolation values. */
export class ShopError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: Readonly<Record<string, string | number>> = {},
    readonly status?: number,
  ) {
    super(`${key}${Object.keys(params).length ? ' ' + JSON.stringify(params) : ''}`);
    this.name = 'ShopError';
  }
}

export function isShopError(e: unknown): e is ShopError {
  return e instanceof ShopError;
}
