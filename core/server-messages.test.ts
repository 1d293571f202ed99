import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TEXTS } from '../test-fixtures/backend/errors';
import { MESSAGES, ShopError } from './messages';
import { ApiError, NetworkError } from './ports/api-error';
import { errorMessage, knownServerMessage, localizeMessage } from './server-messages';

// a locale's texts: its namespace files (ui/i18n/<locale>/*.json) together
const locale = (name: string): Record<string, unknown> => {
  const dir = new URL(`../ui/i18n/${name}/`, import.meta.url);
  return Object.assign({}, ...readdirSync(dir).map((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8'))));
};
const lookup = (tree: Record<string, unknown>, key: string): unknown => key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), tree);

// Every error text the demo backend answers (its TEXTS table and the messages built in its routes), and the spec's
// own platform texts (transactions §8 "Other texts", "Change password", "Payment").
const BACKEND_ANSWERS: ReadonlyArray<[string, string]> = [
  [TEXTS.qtyExceeds, MESSAGES.qtyExceedsMax],
  [TEXTS.outOfStock, MESSAGES.outOfStockCannotAdd],
  [TEXTS.productDisabled, MESSAGES.serverProductUnavailable],
  [TEXTS.couponInvalid, MESSAGES.couponInvalid],
  [TEXTS.signInIncorrect, MESSAGES.signInIncorrect],
  [TEXTS.duplicateEmail, MESSAGES.duplicateEmail],
  [TEXTS.passwordRule, MESSAGES.passwordTooWeak],
  [TEXTS.unauthorized, MESSAGES.serverNotAuthorized],
  [TEXTS.tokenExpired, MESSAGES.serverSessionExpired],
  [TEXTS.noToken, MESSAGES.noUserToken],
  [TEXTS.hashIncorrect, MESSAGES.hashIncorrect],
  [TEXTS.invalidPaymentToken, MESSAGES.invalidPaymentToken],
  [TEXTS.sourceEmailInvalid, MESSAGES.sourceEmailInvalid],
  [TEXTS.wrongPassword, MESSAGES.serverWrongPassword],
  [TEXTS.resetTokenInvalid, MESSAGES.serverResetTokenInvalid],
  ['Carrier with such method not found: dpd, courier', MESSAGES.serverShippingMethodUnavailable],
  ['Verzending naar DE is niet mogelijk.', MESSAGES.countryNotAllowed],
  ['The requested Payment Method is not available: paypal', MESSAGES.serverPaymentMethodUnavailable],
  ['Unknown payment method: paypal', MESSAGES.serverPaymentMethodUnavailable],
  ['Unknown issuer: ideal_XXX', MESSAGES.serverIssuerUnknown],
  ['No such order: 000000042', MESSAGES.serverOrderNotFound],
  ['Order 000000042 is already paid', MESSAGES.serverOrderAlreadyPaid],
  ['Order 000000042 is processing: its status cannot change to canceled', MESSAGES.serverOrderStatusFinal],
  ['Payment is paid: it cannot become failed', MESSAGES.serverOrderStatusFinal],
  ['Invalid request: redirectUrl must be on the storefront', MESSAGES.serverInvalidRequest],
  ['No such entity with cartId = 8f2a', MESSAGES.serverCartNotFound],
  ['No such entity with itemId = 12', MESSAGES.serverCartItemNotFound],
  ['No such entity with email = a@b.nl, websiteId = 1', MESSAGES.serverEmailUnknown],
  ['No such entity with sku = IP-1', MESSAGES.productNotFound],
  ['You need to choose options for your item.', MESSAGES.serverChooseOptions],
  ['A grouped product is added as its associated products.', MESSAGES.serverGroupedProduct],
  ['Target email address is invalid!', MESSAGES.serverTargetEmailInvalid],
  ['Invalid request: cartItem.qty must be above 0', MESSAGES.serverInvalidRequest],
  ['Malformed JSON body', MESSAGES.serverInvalidRequest],
  ['Request body too large', MESSAGES.serverInvalidRequest],
  ['Request body larger than 1048576 bytes', MESSAGES.serverInvalidRequest],
  ['Idempotency-Key was already used for a different request', MESSAGES.serverInvalidRequest],
  ['Too many failed sign-in attempts. Please wait 4 seconds and try again.', MESSAGES.serverTooManyAttempts],
  // spec transactions §8
  ['Some of the ordered products are not available!', MESSAGES.productsNotAvailable],
  ['Product price is unknown, product cannot be added to the cart!', MESSAGES.priceUnknown],
  ['The product is out of stock and cannot be added to the cart!', MESSAGES.outOfStockCannotAdd],
  ['Error while sending reset password e-mail', MESSAGES.resetPasswordError],
  ['Error placing an order', MESSAGES.orderPlaceError],
  ['Internal validation error. Please check if all required fields are filled in.', MESSAGES.internalValidationError],
  ['Unexpected authorization error. Check your network connection.', MESSAGES.unexpectedAuthorizationError],
  ['Error refreshing user token. User is not authorized to access the resource', MESSAGES.tokenRefreshUnauthorized],
];

describe('server answers as messages (spec transactions §8)', () => {
  it.each(BACKEND_ANSWERS)('%s → %s', (text, key) => {
    expect(knownServerMessage(text)?.key).toBe(key);
    // thrown by core as the generic server error, shown as its own message
    expect(errorMessage(new ShopError(MESSAGES.serverError, { message: text }, 400)).key).toBe(key);
    // a raw API answer (adapter error that reached the UI unwrapped) too
    expect(errorMessage(new ApiError(400, text)).key).toBe(key);
  });

  it('every mapped message has a text in both locales', () => {
    for (const name of ['nl-NL', 'en-US']) {
      const tree = locale(name);
      for (const [, key] of BACKEND_ANSWERS) expect(typeof lookup(tree, key), `${name} ${key}`).toBe('string');
    }
  });

  it("reads the quantity out of 'Only {maxQuantity} products of this type are available!'", () => {
    expect(knownServerMessage('Only 7 products of this type are available!')).toEqual({ key: MESSAGES.onlyMaxQuantity, params: { maxQuantity: 7 } });
  });

  it('a 429 is the too-many-attempts message whatever its wording (by code)', () => {
    expect(errorMessage(new ApiError(429, 'Slow down, please')).key).toBe(MESSAGES.serverTooManyAttempts);
    // the status decides only for the generic server error: a 429 that core already named keeps its name
    expect(errorMessage(new ShopError(MESSAGES.signInIncorrect, {}, 429)).key).toBe(MESSAGES.signInIncorrect);
  });

  it("a known message inside another message is translated in place ('Payment is not created - {message}')", () => {
    const m = localizeMessage(MESSAGES.paymentNotCreated, { message: 'Unknown issuer: ideal_X' });
    expect(m.key).toBe(MESSAGES.paymentNotCreated);
    expect(m.nested['message']?.key).toBe(MESSAGES.serverIssuerUnknown);
  });

  it('an answer in another envelope shape (result.message / result.errorMessage) is read too', () => {
    expect(errorMessage(new ApiError(400, { errorMessage: TEXTS.wrongPassword })).key).toBe(MESSAGES.serverWrongPassword);
    expect(errorMessage(new ApiError(400, { message: TEXTS.duplicateEmail })).key).toBe(MESSAGES.duplicateEmail);
  });

  // property: an unknown answer is never dropped nor renamed: it keeps the translated prefix and its own text
  it('an unknown answer keeps its text behind the translated prefix', () => {
    const known = (s: string) => knownServerMessage(s) !== undefined;
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 80 }).filter((s) => !known(s)), fc.constantFrom(400, 401, 404, 409, 500), (text, status) => {
        const viaShop = errorMessage(new ShopError(MESSAGES.serverError, { message: text }, status));
        expect(viaShop).toEqual({ key: MESSAGES.serverError, params: { message: text }, nested: {} });
        const viaApi = errorMessage(new ApiError(status, text));
        expect(viaApi.key).toBe(MESSAGES.serverError);
        expect(viaApi.params['message']).toBe(text.trim() ? text : String(status));
      }),
    );
  });

  // property: a known answer is recognised whatever follows it (ids, codes the platform appends) and keys never lose params
  it('a known answer is recognised with any details appended', () => {
    fc.assert(
      fc.property(fc.constantFrom(...BACKEND_ANSWERS), fc.string({ maxLength: 30 }), ([text, key], tail) => {
        expect(knownServerMessage(`${text}${tail}`)?.key).toBe(key);
      }),
    );
  });

  it('other errors (network, ShopErrors with their own key) pass unchanged', () => {
    expect(errorMessage(new ShopError(MESSAGES.couponInvalid)).key).toBe(MESSAGES.couponInvalid);
    expect(errorMessage(new NetworkError('network unavailable'))).toEqual({ key: MESSAGES.serverError, params: { message: 'network unavailable' }, nested: {} });
    expect(localizeMessage(MESSAGES.qtyUpdated)).toEqual({ key: MESSAGES.qtyUpdated, params: {}, nested: {} });
  });
});
