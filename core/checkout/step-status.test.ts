import { describe, expect, it } from 'vitest';
import { CHECKOUT_STEPS } from './checkout-step';
import { stepStatus } from './step-status';

describe('stepStatus (spec transactions §2, §4: personal → shipping → payment → review)', () => {
  it('the current step is active, the ones before it done, the ones after it to do', () => {
    // a row per step, a column per current step, both in the order personal, shipping, payment, review
    expect(CHECKOUT_STEPS.map((step) => CHECKOUT_STEPS.map((current) => stepStatus(step, current)))).toEqual([
      ['active', 'done', 'done', 'done'],
      ['todo', 'active', 'done', 'done'],
      ['todo', 'todo', 'active', 'done'],
      ['todo', 'todo', 'todo', 'active'],
    ]);
  });
});
