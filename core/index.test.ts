import { describe, expect, it } from 'vitest';
import * as sdk from './index';

// the named exports integrators rely on
const REQUIRED = [
  'buildSearchQuery', 'toggleFilter', 'priceRangeLabel', 'selectConfigurableChild', 'availableOptionValues', 'isSpecialPriceActive',
  'productPrice', 'groupedProductPrice', 'bundleProductPrice', 'formatPrice', 'productLink', 'categoryLink', 'buildCategoryTree',
  'cartItemIdentity', 'mergeCartItems', 'cartNeedsSync', 'paymentStatusGroup', 'createTokenLock', 'createTaskQueue', 'isInCheckout',
  'minicartCount',
] as const;

describe('core/index.ts', () => {
  it.each(REQUIRED)('exports %s as a function', (name) => {
    expect(typeof (sdk as Record<string, unknown>)[name]).toBe('function');
  });
  it('exports the configuration and messages', () => {
    expect(sdk.DEFAULT_CONFIG.i18n.defaultLocale).toBe('nl-NL');
    expect(sdk.MESSAGES.hashIncorrect).toBe('payment.hashIncorrect');
  });
});
