import type { Container } from 'inversify';
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
 * circle through closures read at call time — the same wiring createHeadlessShop hands out without inversify.
 */
export function bindTransactions(c: Container, g: TransactionGraph): void {
  c.bind<CartApi>(TOKENS.CartApi).toDynamicValue(() => g.cartApi);
  c.bind<TaskTransport>(TOKENS.TaskTransport).toDynamicValue(() => g.transport);
  c.bind<UserApi>(TOKENS.UserApi).toDynamicValue(() => g.userApi);
  c.bind<OrderApi>(TOKENS.OrderApi).toDynamicValue(() => g.orderApi);
  c.bind<PaymentApi>(TOKENS.PaymentApi).toDynamicValue(() => g.paymentApi);
  c.bind<ReviewApi>(TOKENS.ReviewApi).toDynamicValue(() => g.reviewApi);
  c.bind<NewsletterApi>(TOKENS.NewsletterApi).toDynamicValue(() => g.newsletterApi);
  c.bind<ContactApi>(TOKENS.ContactApi).toDynamicValue(() => g.contactApi);
  c.bind<MailApi>(TOKENS.MailApi).toDynamicValue(() => g.mailApi);
  c.bind<FeedbackApi>(TOKENS.FeedbackApi).toDynamicValue(() => g.feedbackApi);

  c.bind<TokenLock>(TRANSACTION_TOKENS.TokenLock).toDynamicValue(() => g.tokenLock);
  c.bind<OfflineTaskQueue>(TRANSACTION_TOKENS.TaskQueue).toDynamicValue(() => g.queue);
  c.bind(CartService).toDynamicValue(() => g.cart);
  c.bind(WishlistService).toDynamicValue(() => g.wishlist);
  c.bind(CompareService).toDynamicValue(() => g.compare);
  c.bind(SessionService).toDynamicValue(() => g.session);

  c.bind(CheckoutService).toDynamicValue(() => g.checkout);
  c.bind(PaymentService).toDynamicValue(() => g.payment);
  c.bind(OrderStatusService).toDynamicValue(() => g.orderStatus);
  c.bind(ContactService).toDynamicValue(() => g.contact);
  c.bind(NewsletterService).toDynamicValue(() => g.newsletter);
  c.bind(ReviewService).toDynamicValue(() => g.review);

  // the first page's code names these by Symbol (adapters/container-tokens.ts), never importing their classes
  c.bind(TX.Cart).toService(CartService);
  c.bind(TX.Session).toService(SessionService);
  c.bind(TX.Newsletter).toService(NewsletterService);
  c.bind(TX.Review).toService(ReviewService);
  c.bind(TX.OrderStatus).toService(OrderStatusService);
  c.bind(TX.Wishlist).toService(WishlistService);
  c.bind(TX.Compare).toService(CompareService);
}

/**
 * The browser's second step (issue 10): binds the transaction half over the container's CatalogueGraph, once. The
 * container was made by adapters/browser-container.ts with the catalogue half only.
 */
export function attachTransactions(c: Container): void {
  if (c.isBound(CartService)) return;
  bindTransactions(c, new TransactionGraph(c.get<CatalogueGraph>(CONTAINER_TOKENS.Graph)));
}
