import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import type { OrderHistoryItem, OrderHistoryPage } from '../ports/user-api';
import { findOwnOrder, orderDetails, paymentLabelOfOrder } from './order-details';

// the shape the demo backend (and vue-storefront-api's Magento order) answers in GET /api/user/order-history
const ITEM: OrderHistoryItem = {
  entity_id: 7,
  increment_id: '000000007',
  status: 'processing',
  created_at: '2026-11-01 12:00:00',
  grand_total: 18.47,
  subtotal_incl_tax: 18.47,
  discount_amount: -5,
  shipping_incl_tax: 5,
  tax_amount: 3.21,
  items: [
    { item_id: 1, sku: 'IP-1-RED', name: 'Inpakpapier Rood', qty: 2, price_incl_tax: 4.49, row_total_incl_tax: 8.98, options: JSON.stringify([{ label: 'Color', value: 'Rood' }]) },
    { item_id: 2, sku: 'LINT-GOLD', name: 'Lint goud', qty: 1, price_incl_tax: 9.49, row_total_incl_tax: 9.49, options: '[]' },
  ],
  billing_address: { firstname: 'Anne', lastname: 'de Vries', street: ['Keizersgracht 12'], postcode: '1015 CX', city: 'Amsterdam', country_id: 'NL', email: 'anne@example.nl' },
  payment: { method: 'ideal', status: 'paid' },
  extension_attributes: { shipping_assignments: [{ shipping: { address: { firstname: 'Anne', lastname: 'de Vries', street: ['Prinsengracht 1', 'A'], postcode: '1016 AA', city: 'Amsterdam', country_id: 'NL' } } }] },
};

describe('order details (spec transactions §3 order history item, §7 order-history, §8 payment result labels)', () => {
  it('lines, totals, both addresses, payment method and status', () => {
    const d = orderDetails(ITEM);
    expect(d.ref).toBe('000000007');
    expect(d.lines).toEqual([
      { sku: 'IP-1-RED', name: 'Inpakpapier Rood', qty: 2, priceInclTax: 4.49, rowTotalInclTax: 8.98, options: [{ label: 'Color', value: 'Rood' }] },
      { sku: 'LINT-GOLD', name: 'Lint goud', qty: 1, priceInclTax: 9.49, rowTotalInclTax: 9.49, options: [] },
    ]);
    expect(d.totals).toEqual({ subtotalInclTax: 18.47, shippingInclTax: 5, discount: -5, tax: 3.21, grandTotal: 18.47 });
    expect(d.shippingAddress).toMatchObject({ name: 'Anne de Vries', street: ['Prinsengracht 1', 'A'], postcode: '1016 AA', countryId: 'NL' });
    expect(d.billingAddress).toMatchObject({ street: ['Keizersgracht 12'], email: 'anne@example.nl' });
    expect(d.paymentMethod).toBe('ideal');
    expect(d.paymentLabel).toBe(MESSAGES.paymentLabelPaid);
  });

  it("the payment's own status wins; without it the order status implies it; unknown → pending", () => {
    const label = (payment: unknown, status?: string) => paymentLabelOfOrder({ entity_id: 1, status, payment } as OrderHistoryItem);
    expect(label({ status: 'failed' }, 'canceled')).toBe(MESSAGES.paymentLabelFailed);
    expect(label({ status: 'expired' }, 'canceled')).toBe(MESSAGES.paymentLabelExpired);
    expect(label({ status: 'open' }, 'pending_payment')).toBe(MESSAGES.paymentLabelPending);
    expect(label({ method: 'cashondelivery' }, 'processing')).toBe(MESSAGES.paymentLabelPaid);
    expect(label(undefined, 'canceled')).toBe(MESSAGES.paymentLabelCanceled);
    expect(label(undefined, 'pending')).toBe(MESSAGES.paymentLabelPending);
  });

  // property: whatever the history holds, only its own orders are found, by increment or entity id
  it("an order that is not in the customer's own history is never found", () => {
    const ids = fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength: 0, maxLength: 20 });
    fc.assert(
      fc.property(ids, fc.integer({ min: 1, max: 10_000 }), (own, asked) => {
        const history: OrderHistoryPage = { items: own.map((id) => ({ entity_id: id, increment_id: String(id).padStart(9, '0') })), total_count: own.length };
        const byIncrement = findOwnOrder(history, String(asked).padStart(9, '0'));
        const byEntity = findOwnOrder(history, String(asked));
        if (own.includes(asked)) {
          expect(byIncrement?.entity_id).toBe(asked);
          expect(byEntity?.entity_id).toBe(asked);
        } else {
          expect(byIncrement).toBeUndefined();
          expect(byEntity).toBeUndefined();
        }
      }),
    );
    expect(findOwnOrder(undefined, '000000007')).toBeUndefined();
  });

  it('tolerates missing parts (no crash, empty lines, undefined totals)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('items', 'payment', 'billing_address', 'extension_attributes', 'grand_total', 'discount_amount'), fc.anything()), (extra) => {
        const d = orderDetails({ entity_id: 3, ...extra });
        expect(d.ref).toBe('3');
        expect(Array.isArray(d.lines)).toBe(true);
      }),
    );
  });
});
