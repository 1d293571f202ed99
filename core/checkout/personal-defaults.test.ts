import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { personalDetailsFromCustomer } from './personal-defaults';

const anne = { email: 'anne@example.nl', firstname: 'Anne', lastname: 'de Vries' };
const empty = { firstName: '', lastName: '', emailAddress: '' };

describe('personalDetailsFromCustomer (spec transactions §3, §4)', () => {
  it('fills empty personal details from the logged-in customer', () => {
    expect(personalDetailsFromCustomer(empty, anne)).toEqual({ firstName: 'Anne', lastName: 'de Vries', emailAddress: 'anne@example.nl' });
  });
  it('leaves them as they are for a guest', () => {
    expect(personalDetailsFromCustomer(empty, undefined)).toEqual(empty);
  });
  it('never overwrites what the shopper typed', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''), fc.string(), (typed, other) => {
        const out = personalDetailsFromCustomer({ firstName: typed, lastName: other, emailAddress: typed }, anne);
        return out.firstName === typed && out.emailAddress === typed;
      }),
    );
  });
});
