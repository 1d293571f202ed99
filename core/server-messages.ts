/**
 * The one place where the server's English answers become the shop's messages (spec transactions §8 "Server error
 * with message"): a known answer becomes a message key, an unknown one is shown behind MESSAGES.serverError's prefix.
 * Core decides by HTTP status; this table only chooses what the shopper reads.
 */
import { isShopError, MESSAGES, type MessageKey } from './messages';
import { isApiError } from './ports/api-error';

export interface LocalizedMessage {
  readonly key: MessageKey;
  readonly params: Readonly<Record<string, string | number>>;
  /** params that are themselves messages (the UI translates them and passes the text in their place) */
  readonly nested: Readonly<Record<string, LocalizedMessage>>;
}

type Rule = readonly [RegExp, MessageKey, ((m: RegExpMatchArray) => Record<string, string | number>)?];

const lit = (text: string): RegExp => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i');

/** Known answers, each anchored at the start of the trimmed text (the platform may append ids and codes). */
const RULES: readonly Rule[] = [
  // cart and stock (transactions §8 "Other texts", catalogue §8)
  [lit('The requested qty exceeds the maximum qty allowed in shopping cart'), MESSAGES.qtyExceedsMax],
  [lit('This product is out of stock'), MESSAGES.outOfStockCannotAdd],
  [lit('The product is out of stock and cannot be added to the cart'), MESSAGES.outOfStockCannotAdd],
  [lit('Product that you are trying to add is not available'), MESSAGES.serverProductUnavailable],
  [/^Only (\d+) products? of this type (?:are|is) available/i, MESSAGES.onlyMaxQuantity, (m) => ({ maxQuantity: Number(m[1]) })],
  [lit('Some of the ordered products are not available'), MESSAGES.productsNotAvailable],
  [lit('Product price is unknown'), MESSAGES.priceUnknown],
  [lit('You need to choose options for your item'), MESSAGES.serverChooseOptions],
  [/^Please select all required options: (.+)$/i, MESSAGES.serverRequiredOption, (m) => ({ option: (m[1] ?? '').trim() })],
  [lit('A grouped product is added as its associated products'), MESSAGES.serverGroupedProduct],
  [lit("The coupon code isn't valid"), MESSAGES.couponInvalid],
  [lit('No such entity with cartId'), MESSAGES.serverCartNotFound],
  [lit('No such entity with itemId'), MESSAGES.serverCartItemNotFound],
  [/^No such entity with (?:sku|productId)\b/i, MESSAGES.productNotFound],
  // checkout and payment (transactions §5, §8 "Payment")
  [lit('Carrier with such method not found'), MESSAGES.serverShippingMethodUnavailable],
  [/^Verzending naar \w+ is niet mogelijk/i, MESSAGES.countryNotAllowed],
  [/^Shipping to \w+ is not (?:possible|available)/i, MESSAGES.countryNotAllowed],
  [lit('The requested Payment Method is not available'), MESSAGES.serverPaymentMethodUnavailable],
  [lit('Unknown payment method'), MESSAGES.serverPaymentMethodUnavailable],
  [lit('Unknown issuer'), MESSAGES.serverIssuerUnknown],
  [lit('No such order'), MESSAGES.serverOrderNotFound],
  [lit('Payment not found'), MESSAGES.serverOrderNotFound],
  [/^Order \S+ is already paid/i, MESSAGES.serverOrderAlreadyPaid],
  [/^(?:Order \S+ is \S+: its status cannot change|Payment is \S+: it cannot become|Order is \S+: it cannot become)/i, MESSAGES.serverOrderStatusFinal],
  [lit('Invalid payment token'), MESSAGES.invalidPaymentToken],
  [lit('HASH_INCORRECT'), MESSAGES.hashIncorrect],
  [lit('Error placing an order'), MESSAGES.orderPlaceError],
  // accounts (transactions §8 "Other texts", "Change password", "Session", "Token refresh")
  [lit('The account sign-in was incorrect'), MESSAGES.signInIncorrect],
  [lit('A customer with the same email address already exists'), MESSAGES.duplicateEmail],
  [lit('The password needs at least 8 characters'), MESSAGES.passwordTooWeak],
  [lit("The password doesn't match this account"), MESSAGES.serverWrongPassword],
  [lit('The password token is mismatched'), MESSAGES.serverResetTokenInvalid],
  [/^The password token (?:is expired|has expired)/i, MESSAGES.serverResetTokenInvalid],
  [lit('No such entity with email'), MESSAGES.serverEmailUnknown],
  [lit('Source email address is invalid'), MESSAGES.sourceEmailInvalid],
  [lit('Target email address is invalid'), MESSAGES.serverTargetEmailInvalid],
  [lit('Email is not authorized'), MESSAGES.serverTargetEmailInvalid],
  [lit('Error while sending reset password e-mail'), MESSAGES.resetPasswordError],
  [lit('No User token, user unauthorized'), MESSAGES.noUserToken],
  [lit('The token has expired'), MESSAGES.serverSessionExpired],
  [lit("The consumer isn't authorized to access"), MESSAGES.serverNotAuthorized],
  [lit('Error refreshing user token'), MESSAGES.tokenRefreshUnauthorized],
  [lit('Internal Application error while refreshing the tokens'), MESSAGES.tokenRefreshInternal],
  [lit('Internal validation error'), MESSAGES.internalValidationError],
  [lit('Unexpected authorization error'), MESSAGES.unexpectedAuthorizationError],
  // the request itself (validation and limits of the API)
  [/^too many\b/i, MESSAGES.serverTooManyAttempts],
  [/^(?:Invalid request|Malformed (?:JSON|query)|Search limit)\b/i, MESSAGES.serverInvalidRequest],
  [/^Request body (?:too large|larger than)/i, MESSAGES.serverInvalidRequest],
  [lit('Idempotency-Key was already used for a different request'), MESSAGES.serverInvalidRequest],
];

/** A server answer's known key (with the values read from the text), else undefined. */
export function knownServerMessage(text: string, status?: number): { key: MessageKey; params: Record<string, string | number> } | undefined {
  const trimmed = text.trim();
  for (const [pattern, key, params] of RULES) {
    const m = trimmed.match(pattern);
    if (m) return { key, params: params ? params(m) : {} };
  }
  // known by its HTTP status alone, whatever the wording
  return status === 429 ? { key: MESSAGES.serverTooManyAttempts, params: {} } : undefined;
}

const plain = (key: MessageKey, params: Readonly<Record<string, string | number>> = {}): LocalizedMessage => ({ key, params, nested: {} });

/**
 * The message to show for a key and its params, server answers translated: MESSAGES.serverError with a known
 * `message` becomes that message's key; a known `message` param of another key (e.g. 'payment.notCreated') is
 * translated in place (nested). Anything else is returned unchanged (an unknown server text keeps the prefix).
 */
export function localizeMessage(key: MessageKey, params: Readonly<Record<string, string | number>> = {}, status?: number): LocalizedMessage {
  const raw = params['message'];
  if (typeof raw !== 'string') return plain(key, params);
  const known = knownServerMessage(raw, key === MESSAGES.serverError ? status : undefined);
  if (!known) return plain(key, params);
  if (key === MESSAGES.serverError) return plain(known.key, known.params);
  return { key, params, nested: { message: plain(known.key, known.params) } };
}

/** Any thrown value as a message: a ShopError by its key, an API answer by its text, else the generic server error. */
export function errorMessage(e: unknown): LocalizedMessage {
  if (isShopError(e)) return localizeMessage(e.key, e.params, e.status);
  if (isApiError(e)) {
    return localizeMessage(MESSAGES.serverError, { message: serverMessage(e.result, String(e.status)) }, e.status);
  }
  return localizeMessage(MESSAGES.serverError, { message: e instanceof Error ? e.message : String(e) });
}

/** The server's message of an error answer: result.message, a string result, else the error's own text. */
export function serverMessage(result: unknown, fallback: string): string {
  if (typeof result === 'string' && result.trim()) return result;
  if (result && typeof result === 'object') {
    const { message, errorMessage } = result as { message?: unknown; errorMessage?: unknown };
    const m = message ?? errorMessage;
    if (typeof m === 'string' && m.trim()) return m;
  }
  return fallback;
}
