import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { generateCatalogue } from '../catalogue/index';
import { requestHashOf } from './idempotency';
import { startTestBackend, type TestBackend } from './test-helpers';

// Idempotency-Key: the same request again is answered the first answer, another request with the key a 422 (spec
// transactions §4 "Task queue": a task is sent once, so a retry of the same order must never place a second one, and
// a different order must never be answered with the first one's result).

/** the oracle: two bodies are one request when they are the same JSON value, less the order's top-level flag */
function sameRequest(a: unknown, b: unknown): boolean {
  const value = (body: unknown) => {
    const json = JSON.parse(JSON.stringify(body ?? null)) as unknown;
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return json;
    const { transmited: _note, ...order } = json as Record<string, unknown>;
    return order;
  };
  return isDeepStrictEqual(value(a), value(b));
}

/** the same value with every object's keys in another order (own `__proto__` keys kept as data) */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reordered(v)]));
}

const hash = (body: unknown, who: string | number = 'guest', cartId = '') => requestHashOf(who, cartId, body);

describe('the request hash', () => {
  it('a `transmited` field below the top level is part of the request; only the order\'s own flag is not', () => {
    const order = (flag: unknown) => ({ products: [{ sku: 'A', qty: 1, product_option: { transmited: flag } }] });
    expect(hash(order(0))).not.toBe(hash(order(1)));
    const payment = (flag: unknown) => ({ addressInformation: { payment_method_additional: { transmited: flag } } });
    expect(hash(payment('a'))).not.toBe(hash(payment('b')));
    expect(hash([{ transmited: 1 }])).not.toBe(hash([{ transmited: 2 }]));
    // the order's own flag is the client's note, not the order
    expect(hash({ products: [], transmited: false })).toBe(hash({ products: [], transmited: true }));
    expect(hash({ products: [], transmited: false })).toBe(hash({ products: [] }));
  });

  it('the same order with its keys in another order is the same request, not a 422', () => {
    const a = JSON.parse('{"products":[{"sku":"A","qty":1}],"addressInformation":{"a":1,"b":{"c":2,"d":3}}}');
    const b = JSON.parse('{"addressInformation":{"b":{"d":3,"c":2},"a":1},"products":[{"qty":1,"sku":"A"}]}');
    expect(hash(a)).toBe(hash(b));
  });

  it('`__proto__` keys are data: two bodies that differ only there are different requests', () => {
    const a = JSON.parse('{"products":[],"__proto__":{"qty":1}}');
    const b = JSON.parse('{"products":[],"__proto__":{"qty":2}}');
    const none = JSON.parse('{"products":[]}');
    expect(new Set([hash(a), hash(b), hash(none)]).size).toBe(3);
    const flagged = (n: number) => JSON.parse(`{"__proto__":{"transmited":${n}}}`) as unknown;
    expect(hash(flagged(1))).not.toBe(hash(flagged(2)));
    // nothing was written to a prototype on the way
    expect(({} as Record<string, unknown>)['qty']).toBeUndefined();
  });

  it('numbers: 1 and 1.0 are one JSON number; "1", Infinity (1e400) and null are other values', () => {
    expect(hash(JSON.parse('{"qty":1}'))).toBe(hash(JSON.parse('{"qty":1.0}')));
    expect(hash(JSON.parse('{"qty":1}'))).toBe(hash(JSON.parse('{"qty":1e0}')));
    expect(hash({ qty: 1 })).not.toBe(hash({ qty: '1' }));
    expect(hash(JSON.parse('{"qty":1e400}'))).not.toBe(hash({ qty: null }));
    expect(hash(JSON.parse('{"qty":1e400}'))).not.toBe(hash(JSON.parse('{"qty":-1e400}')));
  });

  it('the sender and the cart are part of the request, with no way to shift text between the parts', () => {
    expect(hash({}, 'guest', 'c1')).not.toBe(hash({}, 'guest', 'c2'));
    expect(hash({}, 7, 'c1')).not.toBe(hash({}, 'guest', 'c1'));
    expect(hash('x', 'guest', 'a\n"y"')).not.toBe(hash('y', 'guest', 'a\n"x"'));
    expect(hash(undefined)).toBe(hash(null));
  });

  describe('over many bodies (fast-check)', () => {
    const key = fc.oneof(fc.constantFrom('__proto__', 'transmited', 'constructor', 'qty', 'sku', 'toString'),
      fc.string({ maxLength: 3 }));
    const { json } = fc.letrec((tie) => ({
      json: fc.oneof(
        { depthSize: 'small', maxDepth: 4 },
        fc.constantFrom(null, true, false, 0, 1, 1.5, -1, '1', '', 'transmited'),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.string({ maxLength: 4 }),
        fc.array(tie('json'), { maxLength: 3 }),
        fc.array(fc.tuple(key, tie('json')), { maxLength: 4 }).map((entries) => Object.fromEntries(entries)),
      ),
    }));

    it('equal hashes exactly for the same request: two independent bodies', () => {
      fc.assert(fc.property(json, json, (a, b) => (hash(a) === hash(b)) === sameRequest(a, b)), { numRuns: 2000 });
    });

    it('a body and itself with its keys reordered or its top-level flag changed: the same request', () => {
      fc.assert(fc.property(json, fc.anything(), (a, note) => {
        expect(hash(reordered(a))).toBe(hash(a));
        if (typeof a === 'object' && a !== null && !Array.isArray(a)) {
          const flagged = { ...a, transmited: JSON.parse(JSON.stringify(note) ?? 'null') as unknown };
          expect(hash(flagged)).toBe(hash(a));
        }
      }), { numRuns: 1000 });
    });

    it('a body with one value changed at any depth (a nested `transmited` too): another request', () => {
      // the path to a value inside a body, and a value it never had
      const change = (value: unknown, path: number[], fresh: unknown): unknown => {
        if (typeof value !== 'object' || value === null || path.length === 0) return fresh;
        const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
        if (entries.length === 0) return fresh;
        const at = path[0]! % entries.length;
        const [k, v] = entries[at]!;
        if (Array.isArray(value)) return value.map((x, i) => (i === at ? change(x, path.slice(1), fresh) : x));
        return Object.fromEntries(entries.map(([kk, vv]) => [kk, kk === k ? change(v, path.slice(1), fresh) : vv]));
      };
      fc.assert(fc.property(json, fc.array(fc.nat(), { maxLength: 5 }), (a, path) => {
        const b = change(a, path, { fresh: 'a value no body holds' });
        fc.pre(!sameRequest(a, b));
        expect(hash(b)).not.toBe(hash(a));
      }), { numRuns: 1000 });
    });
  });
});

describe('Idempotency-Key on POST /api/order', () => {
  let be: TestBackend;
  const cat = generateCatalogue();
  const item = cat.products.find((p) => p.type_id === 'simple' && p.visibility === 4 && p.stock?.is_in_stock
    && Number(p.stock.qty) >= 50 && p.special_price === null)!;
  const address = { firstname: 'Bram', lastname: 'Bakker', email: 'bram@example.nl', country_id: 'NL', city: 'Gouda',
    postcode: '2801AA', street: ['Markt 1'] };
  const orderBody = (extra: Record<string, unknown> = {}, additional: Record<string, unknown> = {}) => ({
    user_id: '', products: [{ sku: item.sku, qty: 1 }],
    addressInformation: {
      shippingAddress: address, billingAddress: address, shipping_method_code: 'flatrate',
      shipping_carrier_code: 'flatrate', payment_method_code: 'ideal', payment_method_additional: additional,
    },
    transmited: false, created_at: '2026-11-01T12:00:00Z', updated_at: '2026-11-01T12:00:00Z', ...extra,
  });
  const stock = async () => (await be.call('GET', `/api/stock/check?sku=${item.sku}`)).json.result.qty as number;
  const place = (body: unknown, key: string) => be.call('POST', '/api/order', body, { 'Idempotency-Key': key });

  beforeAll(async () => {
    be = await startTestBackend({ secret: 'test-secret' });
  }, 30_000);
  afterAll(async () => be?.close());

  it('an order differing only in a nested `transmited` is a 422, not the first order\'s answer', async () => {
    const first = await place(orderBody({}, { transmited: 0 }), 'nested-flag');
    expect(first.status).toBe(200);
    const before = await stock();
    const other = await place(orderBody({}, { transmited: 1 }), 'nested-flag');
    expect(other.status).toBe(422);
    expect(other.json).toEqual({ code: 422, result: 'Idempotency-Key was already used for a different request' });
    expect(await stock()).toBe(before);
  });

  it('the same order again, its keys reordered and its transmited flag set, is answered the first answer', async () => {
    const first = await place(orderBody(), 'reordered');
    expect(first.status).toBe(200);
    const before = await stock();
    const again = await place({ ...(reordered(orderBody()) as object), transmited: true }, 'reordered');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json.result.increment_id).toBe(first.json.result.increment_id);
    expect(await stock()).toBe(before);
  });

  it('qty 1, 1.0 and "1" are one order (the schema makes each the number 1); qty 2 is another', async () => {
    const text = (qty: string) => JSON.stringify(orderBody()).replace('"qty":1', `"qty":${qty}`);
    const first = await place(text('1'), 'qty-forms');
    expect(first.status).toBe(200);
    const before = await stock();
    for (const qty of ['1.0', '"1"', '1e0']) {
      const again = await place(text(qty), 'qty-forms');
      expect(again.status, qty).toBe(200);
      expect(again.json.result.increment_id, qty).toBe(first.json.result.increment_id);
    }
    expect((await place(text('2'), 'qty-forms')).status).toBe(422);
    expect(await stock()).toBe(before);
  });

  it('a `__proto__` key in the body is data of the request, and pollutes nothing', async () => {
    const text = (n: number) => JSON.stringify(orderBody()).replace('{', `{"__proto__":{"qty":${n}},`);
    expect((await place(text(1), 'proto-key')).status).toBe(200);
    expect((await place(text(1), 'proto-key')).headers.get('idempotent-replayed')).toBe('true');
    expect((await place(text(2), 'proto-key')).status).toBe(422);
    expect(({} as Record<string, unknown>)['qty']).toBeUndefined();
  });

  it('the same order again at the path with a trailing slash (one route) is answered the first answer', async () => {
    const first = await place(orderBody(), 'slash');
    expect(first.status).toBe(200);
    const before = await stock();
    const again = await be.call('POST', '/api/order/', orderBody(), { 'Idempotency-Key': 'slash' });
    expect(again.status).toBe(200);
    expect(again.json.result.increment_id).toBe(first.json.result.increment_id);
    expect(await stock()).toBe(before);
  });

  it('ten identical requests at once place one order', async () => {
    const before = await stock();
    const answers = await Promise.all(Array.from({ length: 10 }, () => place(orderBody(), 'at-once')));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.json.result.increment_id)).size).toBe(1);
    expect(await stock()).toBe(before - 1);
  });
});
