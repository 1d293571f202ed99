import type { ComponentType } from 'react';
import type { OrderStatusService } from '../../core/checkout/order-status-service';
import { TX } from '../../adapters/wiring';
import type { PageEntry, PageRegistry } from './routes';
import { lazyEntry, lazyPage } from './lazy-page';
import { ensureTransactions } from './transactions';

/** A transaction page: a chunk of its own, rendered once the transaction half is bound. */
const page = <S extends string>(load: () => Promise<Record<S, ComponentType>>, name: S, rest?: Partial<PageEntry>) =>
  lazyEntry(
    lazyPage(() => Promise.all([load(), ensureTransactions()]).then(([module]) => module[name])),
    [`ui/pages/${name}.tsx`, 'ui/app/transactions-ui.tsx'],
    rest,
  );

const contact = page(() => import('../pages/ContactPage'), 'ContactPage');

/** Transaction-side pages by route name (spec transactions §2: checkout, my-account, order-status, ...). */
export const TRANSACTION_PAGES: PageRegistry = {
  checkout: page(() => import('../pages/CheckoutPage'), 'CheckoutPage'),
  'my-account': page(() => import('../pages/MyAccountPage'), 'MyAccountPage'),
  // a customer's own order (lines, totals, addresses, payment status), rendered in the browser with their token
  'order-details': page(() => import('../pages/OrderDetailsPage'), 'OrderDetailsPage'),
  'create-password': page(() => import('../pages/CreatePasswordPage'), 'CreatePasswordPage'),
  contact,
  contacts: contact,
  // the shopper's lists, read from the browser's storage (the server renders the page without them)
  wishlist: page(() => import('../pages/WishlistPage'), 'WishlistPage'),
  compare: page(() => import('../pages/ComparePage'), 'ComparePage'),
  // server-rendered: the payment status is fetched in the load and dehydrated ('orderStatus' in dehydrate.ts)
  'order-status': page(() => import('../pages/OrderStatusPage'), 'OrderStatusPage', {
    // the order token in the path names one shopper's order: its status changes, and the page shows their e-mail
    personal: true,
    load: async ({ container, params }) => {
      await ensureTransactions();
      await container.get<OrderStatusService>(TX.OrderStatus).load(params['order_token'] ?? '');
    },
  }),
};
