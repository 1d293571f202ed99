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
     * Each locale's catalogue data: its own search index and store id, as a store view's (multistore stays off: the
     * locale cookie picks the data). The English view takes the free id 2 (the spec's views are de 3, it 4).
     */
    localeStores: {
      'nl-NL': { storeId: 1, index: 'vue_storefront_catalog' },
      'en-US': { storeId: 2, index: 'vue_storefront_catalog_en' },
    },
    /** special-price dates are local days of this zone (core/catalogue/time-zone.ts ZONE_RULES; not in the spec) */
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
