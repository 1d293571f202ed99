/** spec transactions §9: cart, shipping, payment, checkout, tax, user, queue, notifications and texts (part of ShopConfig, core/config.ts). */
import type { ThumbnailSize } from './config';

export interface TransactionsConfig {
  readonly cart: {
    readonly serverSync: boolean;
    readonly serverMergeByDefault: boolean;
    readonly synchronizeTotals: boolean;
    readonly connectBypassMax: number;
    readonly allowOutOfStockInCart: boolean;
    readonly confirmBeforeRemove: boolean;
    /** 'items' counts lines, 'quantities' sums quantities */
    readonly minicartCountType: 'items' | 'quantities';
    /**
     * spec transactions §4 "Merge of client and server items": whether a server sync that does not force the client state may
     * remove client lines missing on the server (vue-storefront 1.12 cart.serverSyncCanRemoveLocalItems, shipped false).
     */
    readonly serverSyncCanRemoveLocalItems?: boolean;
    /**
     * spec transactions §4 "Merge": whether such a sync may set a client line's qty to the server's on a mismatch
     * (vue-storefront 1.12 cart.serverSyncCanModifyLocalItems, shipped false).
     */
    readonly serverSyncCanModifyLocalItems?: boolean;
    readonly thumbnail: ThumbnailSize;
  };
  readonly shipping: {
    readonly methods: readonly {
      readonly method_title: string;
      readonly method_code: string;
      readonly carrier_code: string;
      readonly amount: number;
      readonly price_incl_tax: number;
      readonly default: boolean;
      readonly offline: boolean;
    }[];
  };
  readonly payment: {
    /** provider method id -> shop method code (spec transactions §9) */
    readonly mapping: Readonly<Record<string, string>>;
    /** the shop method whose payment needs a bank, an issuer (spec transactions §3 "plus issuer for ideal") */
    readonly issuerMethod: string;
    readonly redirectPath: string;
    readonly errorRedirectPath: string;
    readonly serviceBasePath: string;
    readonly cashOnDelivery: {
      readonly title: string;
      readonly code: string;
      readonly cost: number;
      readonly default: boolean;
      readonly offline: boolean;
    };
  };
  readonly checkout: {
    readonly allowedCountries: readonly string[];
    readonly inCheckoutWindowMs: number;
    readonly passwordMinLength: number;
    readonly passwordMinClasses: number;
    readonly nameMinLength: number;
    readonly taxIdMinLength: number;
    readonly zipCodeMinLength: number;
  };
  readonly tax: {
    readonly defaultCountry: string;
    /** fallback when none is given to the rule function */
    readonly ruleFallbackCountry: string;
    readonly rate: number;
    readonly finalPriceIncludesTax: boolean;
    readonly userGroupTaxes: boolean;
  };
  readonly user: {
    readonly orderHistoryPageSize: number;
    readonly orderHistoryPage: number;
    readonly autoRefreshTokens: boolean;
    readonly tokenRefreshMaxAttempts: number;
    readonly priceTiers: boolean;
  };
  readonly queue: {
    readonly maxNetworkAttempts: number;
    readonly tokenLockRetryMs: number;
    readonly automaticOrderTransmission: boolean;
  };
  readonly notifications: {
    readonly defaultTimeToLiveMs: number;
  };
  /**
   * The tag manager (spec catalogue §2.4): analytics events go to the page's dataLayer array once the shopper accepted the
   * cookie notice (core/analytics). No third-party script is loaded unless a container id is set; then the browser
   * loads Google Tag Manager's script for it after the consent.
   */
  readonly analytics: {
    /** e.g. 'GTM-XXXXXXX'; '' = none (the events stay in the page's dataLayer array for a tag manager the owner adds) */
    readonly tagManagerContainerId: string;
  };
  readonly claims: {
    readonly cookiesAccepted: string;
    /** the cookie notice's decline is remembered in this claim (true); cookiesAccepted stays false */
    readonly cookiesDeclined: string;
  };
  readonly texts: {
    readonly freeReturnDays: number;
    readonly newsletterCouponPercent: number;
  };
}

export const TRANSACTIONS_DEFAULTS: TransactionsConfig = {
  cart: {
    serverSync: true,
    serverMergeByDefault: true,
    synchronizeTotals: true,
    connectBypassMax: 1,
    allowOutOfStockInCart: true,
    confirmBeforeRemove: true,
    minicartCountType: 'quantities',
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
    mapping: { ideal: 'ideal', creditcard: 'creditcard', banktransfer: 'banktransfer' },
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
    ruleFallbackCountry: 'PL',
    rate: 0.21,
    finalPriceIncludesTax: false,
    userGroupTaxes: false,
  },
  user: {
    orderHistoryPageSize: 20,
    orderHistoryPage: 1,
    autoRefreshTokens: true,
    tokenRefreshMaxAttempts: 1,
    priceTiers: false,
  },
  queue: {
    maxNetworkAttempts: 1,
    tokenLockRetryMs: 1000,
    automaticOrderTransmission: false,
  },
  notifications: {
    defaultTimeToLiveMs: 5000,
  },
  analytics: {
    tagManagerContainerId: '',
  },
  claims: {
    cookiesAccepted: 'cookiesAccepted',
    cookiesDeclined: 'cookiesDeclined',
  },
  texts: {
    freeReturnDays: 30,
    newsletterCouponPercent: 10,
  },
};
