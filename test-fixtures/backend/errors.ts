/** An error answered to the client as `{ code, result: message }` with the given status (never a 500 for bad input). */
export class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly extra: Record<string, unknown> = {}, readonly headers: Record<string, string> = {}) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string): HttpError => new HttpError(400, message);
export const notFound = (message: string): HttpError => new HttpError(404, message);

/** Texts the real platform answers (Magento / vue-storefront-api wording, kept in English as upstream does). */
export const TEXTS = {
  qtyExceeds: 'The requested qty exceeds the maximum qty allowed in shopping cart',
  outOfStock: 'This product is out of stock.',
  productDisabled: 'Product that you are trying to add is not available.',
  couponInvalid: "The coupon code isn't valid. Verify the code and try again.",
  signInIncorrect: 'The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.',
  duplicateEmail: 'A customer with the same email address already exists in an associated website.',
  passwordRule: 'The password needs at least 8 characters. Create a new password and try again. Minimum of different classes of characters in password is 3. Classes of characters: Lower Case, Upper Case, Digits, Special Characters.',
  unauthorized: 'The consumer isn\'t authorized to access %resources.',
  tokenExpired: 'The token has expired. Please log in again.',
  noToken: 'No User token, user unauthorized',
  hashIncorrect: 'HASH_INCORRECT',
  invalidPaymentToken: 'Invalid payment token',
  sourceEmailInvalid: 'Source email address is invalid!',
  wrongPassword: 'The password doesn\'t match this account. Verify the password and try again.',
  resetTokenInvalid: 'The password token is mismatched. Reset and try again.',
} as const;
