import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_STEPS } from './checkout-step';
import { stepStatus } from './step-status';

describe('stepStatus (spec transactions §2, §4: personal → shipping → payment → review)', () => {
  it('one step is active, the ones before it done, the ones after it to do', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CHECKOUT_STEPS), (current) => {
        const shown = CHECKOUT_STEPS.map((s) => stepStatus(s, current));
        const at = CHECKOUT_STEPS.indexOf(current);
        expect(shown).toEqual(CHECKOUT_STEPS.map((_, i) => (i < at ? 'done' : i === at ? 'active' : 'todo')));
      }),
    );
  });

  it('the review is never done before the order is placed, the personal details never to do', () => {
    expect(CHECKOUT_STEPS.map((current) => stepStatus('review', current))).toEqual(['todo', 'todo', 'todo', 'active']);
    const personal = CHECKOUT_STEPS.map((current) => stepStatus('personal', current));
    expect(personal).toEqual(['active', 'done', 'done', 'done']);
  });
});
