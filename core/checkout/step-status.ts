import { CHECKOUT_STEPS, type CheckoutStep } from './checkout-step';

/** How a step shows: the current one its form, one before it its summary and 'edit', one after it its heading only. */
export type StepStatus = 'active' | 'done' | 'todo';

/** spec transactions §2, §4: checkout goes personal → shipping → payment → review; the ones before `current` done. */
export function stepStatus(step: CheckoutStep, current: CheckoutStep): StepStatus {
  const i = CHECKOUT_STEPS.indexOf(step);
  const at = CHECKOUT_STEPS.indexOf(current);
  return i === at ? 'active' : i < at ? 'done' : 'todo';
}
