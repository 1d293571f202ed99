import type { OrderStatusService } from '../../core/checkout/order-status-service';
import { TX } from '../../adapters/wiring';
import type { PageEntry, PageRegistry } from './page-registry';
import { lazyEntry, lazyPage, type LazyPage } from './lazy-page';
import { ensureTransactions } from './transactions';

/** a transaction page's chunk, with the transaction half bound before it renders (ui/app/transactions.ts) */
const withTransactions = <T,>(chunk: Promise<T>): Promise<T> => Promise.all([chunk, ensureTransactions()]).then(([m]) => m);

// each transaction page is its own chunk: the first page a shopper opens does not carry checkout and account code
const Checkout = lazyPage(() => withTransactions(import('../pages/CheckoutPage')).then((m) => m.CheckoutPage));
const MyAccount = lazyPage(() => withTransactions(import('../pages/MyAccountPage')).then((m) => m.MyAccountPage));
const OrderDetails = lazyPage(() => withTransactions(import('../pages/OrderDetailsPage')).then((m) => m.OrderDetailsPage));
const OrderStatus = lazyPage(() => withTransactions(import('../pages/OrderStatusPage')).then((m) => m.OrderStatusPage));
const CreatePassword = lazyPage(() => withTransactions(import('../pages/CreatePasswordPage')).then((m) => m.CreatePasswordPage));
const Contact = lazyPage(() => withTransactions(import('../pages/ContactPage')).then((m) => m.ContactPage));
// the shopper's lists, read from the browser's storage (the server renders the page without them)
const Wishlist = lazyPage(() => withTransactions(import('../pages/WishlistPage')).then((m) => m.WishlistPage));
const Compare = lazyPage(() => withTransactions(import('../pages/ComparePage')).then((m) => m.ComparePage));

// the page's chunk and the transaction half it waits for
const page = (p: LazyPage, source: string, rest: Partial<PageEntry> = {}): PageEntry =>
  lazyEntry(p, [`ui/pages/${source}.tsx`, 'ui/app/transactions-ui.tsx'], rest);

/** Transaction-side pages by route name (spec transactions §2: checkout, my-account, order-status, ...). */
export const TRANSACTION_PAGES: PageRegistry = {
  checkout: page(Checkout, 'CheckoutPage'),
  'my-account': page(MyAccount, 'MyAccountPage'),
  // a customer's own order (lines, totals, addresses, payment status): rendered in the browser with the customer's token
  'order-details': page(OrderDetails, 'OrderDetailsPage'),
  'create-password': page(CreatePassword, 'CreatePasswordPage'),
  contact: page(Contact, 'ContactPage'),
  wishlist: page(Wishlist, 'WishlistPage'),
  compare: page(Compare, 'ComparePage'),
  contacts: page(Contact, 'ContactPage'),
  // server-rendered: the payment status is fetched in the load and dehydrated ('orderStatus' in dehydrate.ts)
  'order-status': page(OrderStatus, 'OrderStatusPage', {
    // the order token in the path names one shopper's order: its status changes, and the page shows their e-mail
    personal: true,
    load: async ({ container, params }) => {
      await ensureTransactions();
      await container.get<OrderStatusService>(TX.OrderStatus).load(params['order_token'] ?? '');
    },
  }),
};
