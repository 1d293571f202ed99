/**
 * A CartService and its task queue wired to each other as the shop's wiring does (the cart, checkout, tabs and
 * analytics tests share it). `getToken` is both the queue's token and the cart's user token ('' by default: a guest).
 */
import { CartService } from '../core/cart/cart-service';
import type { CartServiceDeps } from '../core/cart/cart-store';
import { createTaskQueue, type TaskQueueOptions } from '../core/queue/task-queue';
import type { OfflineTaskQueue } from '../core/queue/types';
import { SequentialIds } from '../core/testing/virtual-time';

export type CartWithQueueDeps = Omit<CartServiceDeps, 'queue' | 'getUserToken'> &
  Pick<TaskQueueOptions, 'transport'> &
  Partial<Pick<TaskQueueOptions, 'ids' | 'getToken'>>;

export function cartWithQueue(deps: CartWithQueueDeps): { cart: CartService; queue: OfflineTaskQueue } {
  const { transport, ids = new SequentialIds(), getToken = () => '', ...cartDeps } = deps;
  const { storage, network, clock, config, logger, tokenLock, crossTab, locks } = deps;
  let cart!: CartService;
  const queue = createTaskQueue({
    storage, transport, network, clock, ids, tokenLock, getToken, config, logger, crossTab, locks,
    getCartId: () => cart.cartId,
    onCartIdMissing: () => cart.connect(),
  });
  cart = new CartService({ ...cartDeps, queue, getUserToken: getToken });
  return { cart, queue };
}
