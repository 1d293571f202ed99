import type { Container, ServiceIdentifier } from 'inversify';
import { TOKENS } from '../core/ports/tokens';
import type { CartApi } from '../core/ports/cart-api';
import type { TaskTransport } from '../core/ports/task-transport';
import type { UserApi } from '../core/ports/user-api';
import type { OrderApi } from '../core/ports/order-api';
import type { PaymentApi } from '../core/ports/payment-api';
import type { ReviewApi } from '../core/ports/review-api';
import type { NewsletterApi } from '../core/ports/newsletter-api';
import type { ContactApi } from '../core/ports/contact-api';
import type { MailApi } from '../core/ports/mail-api';
import type { FeedbackApi } from '../core/ports/feedback-api';
import type { OfflineTaskQueue } from '../core/queue/types';
import type { TokenLock } from '../core/user/token-lock';
import { CartService } from '../core/cart/cart-service';
import { SessionService } from '../core/user/session-service';
import { CompareService, WishlistService } from '../core/user/sku-list-service';
import { CheckoutService } from '../core/checkout/checkout-service';
import { PaymentService } from '../core/checkout/payment-service';
import { OrderStatusService } from '../core/checkout/order-status-service';
import { ContactService } from '../core/content/contact-service';
import { NewsletterService } from '../core/content/newsletter-service';
import { ReviewService } from '../core/content/review-service';
import { CONTAINER_TOKENS, TX } from './container-tokens';
import type { CatalogueGraph } from './wiring';
import { TransactionGraph } from './wiring-transactions';

/** The token lock and the offline queue are shared singletons, bound under these Symbols. */
export const TRANSACTION_TOKENS = {
  TokenLock: Symbol.for('TokenLock'),
  TaskQueue: Symbol.for('TaskQueue'),
  /** the shopper's data (bound with the catalogue half: adapters/container-tokens.ts) */
  ShopperStorage: CONTAINER_TOKENS.ShopperStorage,
} as const;

/**
 * Cart, queue, token lock, session, checkout, payment and the smaller services (spec transactions), each bound to the
 * member of a TransactionGraph (adapters/wiring-transactions.ts), which wires the session <-> cart <-> queue <-> lock
 * circle through closures read at call time — the same wiring createHeadlessShop hands out without inversify. A table
 * of accessors, made once per process, like the catalogue half's (adapters/bindings-catalogue.ts CATALOGUE_MEMBERS).
 */
export const TRANSACTION_MEMBERS: ReadonlyArray<readonly [ServiceIdentifier, (g: TransactionGraph) => unknown]> = [
  [TOKENS.CartApi, (g) => g.cartApi],
  [TOKENS.TaskTransport, (g) => g.transport],
  [TOKENS.UserApi, (g) => g.userApi],
  [TOKENS.OrderApi, (g) => g.orderApi],
  [TOKENS.PaymentApi, (g) => g.paymentApi],
  [TOKENS.ReviewApi, (g) => g.reviewApi],
  [TOKENS.NewsletterApi, (g) => g.newsletterApi],
  [TOKENS.ContactApi, (g) => g.contactApi],
  [TOKENS.MailApi, (g) => g.mailApi],
  [TOKENS.FeedbackApi, (g) => g.feedbackApi],

  [TRANSACTION_TOKENS.TokenLock, (g) => g.tokenLock],
  [TRANSACTION_TOKENS.TaskQueue, (g) => g.queue],
  [CartService, (g) => g.cart],
  [WishlistService, (g) => g.wishlist],
  [CompareService, (g) => g.compare],
  [SessionService, (g) => g.session],

  [CheckoutService, (g) => g.checkout],
  [PaymentService, (g) => g.payment],
  [OrderStatusService, (g) => g.orderStatus],
  [ContactService, (g) => g.contact],
  [NewsletterService, (g) => g.newsletter],
  [ReviewService, (g) => g.review],

  // the first page's code names these by Symbol (adapters/container-tokens.ts), never importing their classes: the
  // same members as under their classes
  [TX.Cart, (g) => g.cart],
  [TX.Session, (g) => g.session],
  [TX.Newsletter, (g) => g.newsletter],
  [TX.Review, (g) => g.review],
  [TX.OrderStatus, (g) => g.orderStatus],
  [TX.Wishlist, (g) => g.wishlist],
  [TX.Compare, (g) => g.compare],
];

/** The transaction half's bindings over one graph (the browser's table before the container, and the container's). */
export function transactionBindings(g: TransactionGraph): ReadonlyArray<readonly [ServiceIdentifier, () => unknown]> {
  return TRANSACTION_MEMBERS.map(([id, read]) => [id, () => read(g)] as const);
}

/** The transaction half bound in a container: every entry of transactionBindings to its member of the graph. */
export function bindTransactions(c: Container, g: TransactionGraph): void {
  for (const [id, make] of transactionBindings(g)) c.bind(id).toDynamicValue(make);
}

/**
 * The browser's second step (issue 10): binds the transaction half over the container's CatalogueGraph, once. The
 * container was made by adapters/browser-container.ts with the catalogue half only.
 */
export function attachTransactions(c: Container): void {
  if (c.isBound(CartService)) return;
  bindTransactions(c, new TransactionGraph(c.get<CatalogueGraph>(CONTAINER_TOKENS.Graph)));
}
