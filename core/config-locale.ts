/** spec catalogue §9 languages, currency and store views: the shop's locales and the catalogue data of each (part of ShopConfig, core/config.ts). */
import type { LocaleCode, StoreViewConfig } from './config';

export const LOCALE_DEFAULTS = {
  i18n: {
    defaultLocale: 'nl-NL' as LocaleCode,
    locales: ['nl-NL', 'en-US'] as LocaleCode[],
    currencyCode: 'EUR' as const,
    currencySign: '€',
    fractionDigits: 2,
    /** spec catalogue §9: price format template; {sign} and {amount} */
    priceFormatTemplate: '{sign}{amount}',
    defaultCountry: 'NL',
    /**
     * The catalogue data of each locale. As in vue-storefront, a language is a store view's data: its own search index
     * (attribute labels and option values, CMS blocks in that language) and store id (CMS lookups by identifier).
     * Multistore stays off: the locale cookie picks the data, the URLs do not change. Not in the spec's store-view list
     * (de 3, it 4); the English data view takes the free id 2.
     */
    localeStores: {
      'nl-NL': { storeId: 1, index: 'vue_storefront_catalog' },
      'en-US': { storeId: 2, index: 'vue_storefront_catalog_en' },
    },
    /**
     * The store view's time zone (IANA name, one of core/catalogue/time-zone.ts ZONE_RULES): special-price dates are
     * local days of this zone. Not in the spec; Europe/Amsterdam for a Dutch and Belgian shop.
     */
    timeZone: 'Europe/Amsterdam',
  },
  storeViews: {
    multistore: false,
    defaultStoreCode: '',
    defaultStoreId: 1,
    mapStoreUrlsFor: ['de', 'it'],
    views: [
      { storeCode: 'de', storeId: 3, name: 'German Store', url: '/de', appendStoreCode: true, disabled: true },
      { storeCode: 'it', storeId: 4, name: 'Italian Store', url: '/it', appendStoreCode: true, disabled: true },
    ] as StoreViewConfig[],
  },
};
