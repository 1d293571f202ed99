/** spec transactions §9: cart, shipping, payment, checkout, tax, user, queue, notifications and texts (part of ShopConfig, core/config.ts). */
export const TRANSACTIONS_DEFAULTS = {
  cart: {
    serverSync: true,
    serverMergeByDefault: true,
    synchronizeTotals: true,
    connectBypassMax: 1,
    allowOutOfStockInCart: true,
    confirmBeforeRemove: true,
    /** 'items' counts lines, 'quantities' sums quantities */
    minicartCountType: 'quantities' as 'items' | 'quantities',
    /**
     * spec transactions §4 "Merge of client and server items": whether a server sync that does not force the client
     * state may remove client lines missing on the server, or set a client line's qty to the server's on a mismatch
     * (vue-storefront 1.12 cart.serverSyncCanRemoveLocalItems / serverSyncCanModifyLocalItems, shipped false).
     */
    serverSyncCanRemoveLocalItems: false,
    serverSyncCanModifyLocalItems: false,
    thumbnail: { width: 210, height: 300 },
  },
  shipping: {
    methods: [
      {
        method_title: 'DPD Courier',
        method_code: 'flatrate',
        carrier_code: 'flatrate',
        amount: 4,
        price_incl_tax: 5,
        default: true,
        offline: true,
      },
    ],
  },
  payment: {
    /** provider method id -> shop method code (spec transactions §9) */
    mapping: { ideal: 'ideal', creditcard: 'creditcard', banktransfer: 'banktransfer' } as Record<string, string>,
    /** the shop method whose payment needs a bank, an issuer (spec transactions §3 "plus issuer for ideal") */
    issuerMethod: 'ideal',
    redirectPath: '/order-status/{order_token}',
    errorRedirectPath: '/',
    serviceBasePath: '/api/ext/vsf-payment-service-api',
    cashOnDelivery: { title: 'Cash on delivery', code: 'cashondelivery', cost: 0, default: true, offline: true },
  },
  checkout: {
    allowedCountries: ['BE', 'NL'],
    inCheckoutWindowMs: 1_800_000,
    passwordMinLength: 8,
    passwordMinClasses: 3,
    nameMinLength: 2,
    taxIdMinLength: 3,
    zipCodeMinLength: 3,
  },
  tax: {
    defaultCountry: 'NL',
    /** fallback when none is given to the rule function */
    ruleFallbackCountry: 'PL',
    rate: 0.21,
    finalPriceIncludesTax: false,
  },
  user: {
    orderHistoryPageSize: 20,
    orderHistoryPage: 1,
    autoRefreshTokens: true,
    tokenRefreshMaxAttempts: 1,
  },
  queue: {
    maxNetworkAttempts: 1,
    tokenLockRetryMs: 1000,
    automaticOrderTransmission: false,
  },
  notifications: {
    defaultTimeToLiveMs: 5000,
  },
  /**
   * The tag manager (spec catalogue §2.4): analytics events go to the page's dataLayer array once the shopper accepted
   * the cookie notice (core/analytics). With a container id (e.g. 'GTM-XXXXXXX') the browser loads Google Tag Manager's
   * script for it after the consent; '' loads no third-party script.
   */
  analytics: {
    tagManagerContainerId: '',
  },
  claims: {
    cookiesAccepted: 'cookiesAccepted',
    /** the cookie notice's decline is remembered in this claim (true); cookiesAccepted stays false */
    cookiesDeclined: 'cookiesDeclined',
  },
  texts: {
    newsletterCouponPercent: 10,
  },
};
