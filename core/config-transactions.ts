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
    /** spec transactions §4 "Merge": may a sync that does not force the client state remove / change its lines */
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
  /** spec catalogue §2.4: with a container id ('GTM-XXXXXXX') the browser loads Tag Manager after consent; '' none */
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
