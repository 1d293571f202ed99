/**
 * spec transactions §4 "Sync need", "Adding": a start-up (or going online) connects only a shopper with a cart (a
 * stored token or lines, or a signed-in customer, whose server cart may hold lines); others connect on the first add.
 */
export function connectsAtStart(
  cart: { readonly cartServerToken: string | undefined; readonly cartItems: readonly unknown[] },
  signedIn: boolean,
): boolean {
  return signedIn || !!cart.cartServerToken || cart.cartItems.length > 0;
}
