import { OrderStatusService } from '../../core/checkout/order-status-service';
import { CheckoutPage } from '../pages/CheckoutPage';
import { MyAccountPage } from '../pages/MyAccountPage';
import { OrderStatusPage } from '../pages/OrderStatusPage';
import { CreatePasswordPage } from '../pages/CreatePasswordPage';
import { ContactPage } from '../pages/ContactPage';
import type { PageRegistry } from './page-registry';

/** Transaction-side pages by route name (spec transactions §2: checkout, my-account, order-status, ...). */
export const TRANSACTION_PAGES: PageRegistry = {
  checkout: { element: <CheckoutPage /> },
  'my-account': { element: <MyAccountPage /> },
  'create-password': { element: <CreatePasswordPage /> },
  contact: { element: <ContactPage /> },
  contacts: { element: <ContactPage /> },
  // server-rendered: the payment status is fetched in the load and dehydrated ('orderStatus' in dehydrate.ts)
  'order-status': {
    element: <OrderStatusPage />,
    load: async ({ container, params }) => {
      await container.get(OrderStatusService).load(params['order_token'] ?? '');
    },
  },
};
