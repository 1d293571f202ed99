import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SCHEMAS, type JsonSchema } from './schemas';
import { startTestBackend, type TestBackend } from './test-helpers';

/**
 * Every name a plain object inherits (`constructor`, `__proto__`, `toString`, ...) in every place a request can put a
 * name: each route parameter, each declared query field, a query field and a body key of that name, and every string
 * of a request body the route's schema describes. Each answer is an ordinary one (2xx or 4xx) within a second: a
 * dictionary read by such a name finds an inherited member, not an entry, and a handler that took it for one failed
 * or waited.
 */
const INHERITED = Object.getOwnPropertyNames(Object.prototype);
/** where the name goes: a route parameter, one declared query field, a query field of its own, the body's strings */
type Place = { kind: 'param' } | { kind: 'query'; field: string } | { kind: 'query-key' } | { kind: 'body' };

/** A body of the schema's shape with `name` in every string. */
function bodyOf(schema: JsonSchema | undefined, name: string): unknown {
  if (!schema) return undefined;
  if (Array.isArray(schema.anyOf)) {
    const options = schema.anyOf as JsonSchema[];
    const pick = options.find((o) => o.type === 'object' && o.properties) ?? options.find((o) => o.type === 'string' && !o.pattern) ?? options.find((o) => o.type !== 'null') ?? options[0];
    return bodyOf(pick, name);
  }
  if (Array.isArray(schema.enum)) return schema.enum[0];
  switch (schema.type) {
    case 'string':
      return name;
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [bodyOf(schema.items as JsonSchema, name)];
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
      return Object.fromEntries([...Object.entries(props).map(([k, v]) => [k, bodyOf(v, name)]), [name, name]]);
    }
    default:
      return null;
  }
}

interface Route { method: string; template: string; query: string[]; body: JsonSchema | undefined }
const ROUTES: Route[] = Object.entries(SCHEMAS).map(([key, schema]) => {
  const [method, template] = key.split(' ') as [string, string];
  return { method, template, query: Object.keys((schema.query?.properties ?? {}) as object), body: schema.body };
});

const placesOf = (r: Route): Place[] => [
  ...(r.template.includes(':') ? [{ kind: 'param' } as const] : []),
  ...r.query.map((field) => ({ kind: 'query', field }) as const),
  { kind: 'query-key' },
  ...(r.body ? [{ kind: 'body' } as const] : []),
];

/** Ordinary values of the fields the name is not in: a customer's token, its cart, a product that exists. */
interface Known { token: string; cartId: string; sku: string }

function requestOf(route: Route, name: string, place: Place, known: Known): { path: string; body: unknown } {
  const enc = encodeURIComponent(name);
  const path = route.template.replace(/:([A-Za-z_]+)\*?/g, (_, param: string) => (place.kind === 'param' ? enc : param === 'index' ? 'vue_storefront_catalog' : param === 'type' ? 'product' : '1'));
  const ordinary: Record<string, string> = { token: known.token, cartId: known.cartId, sku: known.sku, skus: known.sku, email: 'kim@example.nl', request: '{}' };
  const query = new URLSearchParams();
  for (const q of route.query) query.set(q, place.kind === 'query' && place.field === q ? name : ordinary[q] ?? '1');
  if (place.kind === 'query-key') query.set(name, name);
  const qs = query.toString();
  const body = route.body ? bodyOf(route.body, place.kind === 'body' ? name : 'x') : undefined;
  return { path: `${path}${qs ? `?${qs}` : ''}`, body };
}

describe('names every plain object inherits, everywhere a request names something', () => {
  let backend: TestBackend;
  let known: Known;
  beforeAll(async () => {
    backend = await startTestBackend();
    await backend.call('POST', '/api/user/create', { customer: { email: 'kim@example.nl', firstname: 'Kim', lastname: 'de Vries' }, password: 'Geheim123!' });
    const token = (await backend.call('POST', '/api/user/login', { username: 'kim@example.nl', password: 'Geheim123!' })).json.result as string;
    const cartId = (await backend.call('POST', `/api/cart/create?token=${token}`)).json.result as string;
    const sku = (await backend.call('GET', '/api/catalog/vue_storefront_catalog/product/_search?size=1')).json.hits.hits[0]._source.sku as string;
    known = { token, cartId, sku };
  });
  afterAll(() => backend.close());

  it('each answers 2xx or 4xx within a second', async () => {
    const request = fc.constantFrom(...ROUTES).chain((r) => fc.tuple(fc.constant(r), fc.constantFrom(...INHERITED), fc.constantFrom(...placesOf(r))));
    // every route, name and place once (the examples), then random ones again
    const examples = ROUTES.flatMap((r) => INHERITED.flatMap((n) => placesOf(r).map((p) => [[r, n, p]] as [[Route, string, Place]])));
    await fc.assert(
      fc.asyncProperty(request, async ([r, n, p]) => {
        const { path, body } = requestOf(r, n, p, known);
        const started = performance.now();
        const res = await backend.call(r.method, path, body);
        const ms = performance.now() - started;
        expect({ request: `${r.method} ${path}`, status: res.status < 500 && res.status >= 200 ? 'ordinary' : res.status, slow: ms > 1000 }).toEqual({ request: `${r.method} ${path}`, status: 'ordinary', slow: false });
      }),
      { examples, numRuns: examples.length + 50 },
    );
  });
});
