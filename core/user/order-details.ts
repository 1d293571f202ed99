/**
 * One order of the customer's own history (spec transactions §3 "Order history item", §6, §7, §8 payment labels) as
 * the details view shows it; an order not in the history is not found, whatever its number.
 */
import { ownEntry } from '../dictionary';
import { MESSAGES, type MessageKey } from '../messages';
import type { OrderHistoryItem, OrderHistoryPage } from '../ports/user-api';

export interface OrderDetailsLine {
  readonly sku: string;
  readonly name: string;
  readonly qty: number;
  readonly priceInclTax: number | undefined;
  readonly rowTotalInclTax: number | undefined;
  readonly options: ReadonlyArray<{ readonly label: string; readonly value: string }>;
}

export interface OrderDetailsAddress {
  readonly name: string;
  readonly street: readonly string[];
  readonly postcode: string;
  readonly city: string;
  readonly countryId: string;
  readonly telephone: string | undefined;
  readonly email: string | undefined;
}

export interface OrderDetails {
  /** the number the customer sees (orderRef) */
  readonly ref: string;
  readonly createdAt: string | undefined;
  readonly status: string | undefined;
  readonly lines: readonly OrderDetailsLine[];
  readonly totals: {
    readonly subtotalInclTax: number | undefined;
    readonly shippingInclTax: number | undefined;
    /** negative, or undefined when no discount */
    readonly discount: number | undefined;
    readonly tax: number | undefined;
    readonly grandTotal: number | undefined;
  };
  readonly shippingAddress: OrderDetailsAddress | undefined;
  readonly billingAddress: OrderDetailsAddress | undefined;
  readonly paymentMethod: string | undefined;
  /** the payment result label (spec §8): payment.label.paid / pending / failed / canceled / expired */
  readonly paymentLabel: MessageKey;
}

/** a finite number, or a numeric string as one (history fields come from outside) */
export function num(v: unknown): number | undefined {
  const n = typeof v === 'number' || (typeof v === 'string' && v.trim() !== '') ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
}
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : undefined);
/** a plain object's fields, else undefined (history items come from outside) */
export const obj = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** The number a customer sees and links to: the increment id, else the entity id. */
export function orderRef(item: Pick<OrderHistoryItem, 'increment_id' | 'entity_id'>): string {
  return str(item.increment_id) ?? String(item.entity_id);
}

/** The order with this number in the customer's own history (increment id or entity id), else undefined. */
export function findOwnOrder(history: OrderHistoryPage | undefined, ref: string): OrderHistoryItem | undefined {
  if (!history || !ref) return undefined;
  return history.items.find((o) => orderRef(o) === ref || String(o.entity_id) === ref);
}

const PAYMENT_LABELS: Readonly<Record<string, MessageKey>> = {
  paid: MESSAGES.paymentLabelPaid,
  failed: MESSAGES.paymentLabelFailed,
  canceled: MESSAGES.paymentLabelCanceled,
  expired: MESSAGES.paymentLabelExpired,
  pending: MESSAGES.paymentLabelPending,
  open: MESSAGES.paymentLabelPending,
};

/** Order statuses (Magento's) as the payment they imply, when the history names no payment status. */
const BY_ORDER_STATUS: Readonly<Record<string, MessageKey>> = {
  processing: MESSAGES.paymentLabelPaid,
  complete: MESSAGES.paymentLabelPaid,
  closed: MESSAGES.paymentLabelPaid,
  canceled: MESSAGES.paymentLabelCanceled,
};

/** spec §4 "Payment status groups", §8 labels: the payment's own status when given, else what the order status implies. */
export function paymentLabelOfOrder(item: OrderHistoryItem): MessageKey {
  const payment = obj(item['payment']);
  const status = str(payment?.['status']);
  const label = status ? ownEntry(PAYMENT_LABELS, status) : undefined;
  if (label) return label;
  const order = str(item.status);
  return (order && ownEntry(BY_ORDER_STATUS, order)) || MESSAGES.paymentLabelPending;
}

function options(value: unknown): Array<{ label: string; value: string }> {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  return list.flatMap((o) => {
    const label = str(obj(o)?.['label']);
    const v = str(obj(o)?.['value']);
    return label && v ? [{ label, value: v }] : [];
  });
}

function address(value: unknown): OrderDetailsAddress | undefined {
  const a = obj(value);
  if (!a) return undefined;
  const street = (Array.isArray(a['street']) ? a['street'] : [a['street']]).flatMap((s: unknown) => str(s) ?? []);
  return {
    name: [str(a['firstname']), str(a['lastname'])].filter(Boolean).join(' '),
    street,
    postcode: str(a['postcode']) ?? '',
    city: str(a['city']) ?? '',
    countryId: str(a['country_id']) ?? '',
    telephone: str(a['telephone']),
    email: str(a['email']),
  };
}

/** The details view of one history item: lines, totals, addresses, payment method and payment status. */
export function orderDetails(item: OrderHistoryItem): OrderDetails {
  const lines = (Array.isArray(item.items) ? item.items : []).flatMap((raw): OrderDetailsLine[] => {
    const l = obj(raw);
    const sku = str(l?.['sku']);
    if (!l || !sku) return [];
    return [{ sku, name: str(l['name']) ?? sku, qty: num(l['qty_ordered']) ?? num(l['qty']) ?? 1, priceInclTax: num(l['price_incl_tax']), rowTotalInclTax: num(l['row_total_incl_tax']), options: options(l['options']) }];
  });
  const assignments = obj(item['extension_attributes'])?.['shipping_assignments'];
  const shipping = Array.isArray(assignments) ? obj(obj(assignments[0])?.['shipping'])?.['address'] : undefined;
  const discount = num(item['discount_amount']);
  return {
    ref: orderRef(item),
    createdAt: str(item.created_at),
    status: str(item.status),
    lines,
    totals: {
      subtotalInclTax: num(item['subtotal_incl_tax']),
      shippingInclTax: num(item['shipping_incl_tax']),
      discount: discount ? -Math.abs(discount) : undefined,
      tax: num(item['tax_amount']),
      grandTotal: num(item.grand_total) ?? num(item['base_grand_total']),
    },
    shippingAddress: address(shipping),
    billingAddress: address(item['billing_address']),
    paymentMethod: str(obj(item['payment'])?.['method']),
    paymentLabel: paymentLabelOfOrder(item),
  };
}
