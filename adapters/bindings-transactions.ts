import type { Container } from 'inversify';
import { TOKENS } from '../core/ports/tokens';
import type { Storage } from '../core/ports/storage';
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
import { NotificationService } from '../core/ui-state/notification-service';
import { ModalService } from '../core/ui-state/modal-service';
import { ProgressService } from '../core/ui-state/progress-service';
import { UiFlagsService } from '../core/ui-state/ui-flags-service';
import { ClaimsService, CookieNoticeService } from '../core/ui-state/claims-service';
import { ContactService } from '../core/content/contact-service';
import { NewsletterService } from '../core/content/newsletter-service';
import { ReviewService } from '../core/content/review-service';
import type { ShopGraph } from './wiring';

/** The token lock and the offline queue are shared singletons, bound under these Symbols. */
export const TRANSACTION_TOKENS = {
  TokenLock: Symbol.for('TokenLock'),
  TaskQueue: Symbol.for('TaskQueue'),
  /** the shopper's data (cart, checkout, user, queue, claims, lists): a write refused for the quota clears the catalogue caches and is retried once */
  ShopperStorage: Symbol.for('ShopperStorage'),
} as const;

/**
 * Cart, queue, token lock, session, checkout, payment and the smaller services (spec transactions), each bound to the
 * member of the container's ShopGraph (adapters/wiring.ts), which wires the session <-> cart <-> queue <-> lock circle
 * through closures read at call time — the same wiring createHeadlessShop hands out without inversify.
 */
export function bindTransactions(c: Container, g: ShopGraph): void {
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
  c.bind<Storage>(TRANSACTION_TOKENS.ShopperStorage).toDynamicValue(() => g.shopperStorage);

  c.bind(NotificationService).toDynamicValue(() => g.notifications);
  c.bind(ModalService).toDynamicValue(() => g.modals);
  c.bind(ProgressService).toDynamicValue(() => g.progress);
  c.bind(UiFlagsService).toDynamicValue(() => g.uiFlags);
  c.bind(ClaimsService).toDynamicValue(() => g.claims);
  c.bind(CookieNoticeService).toDynamicValue(() => g.cookieNotice);

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
}
