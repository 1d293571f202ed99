import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { readFileSync, existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import { startTopology, type Storefront, type Topology } from './topology.mjs';
import { generateCatalogue } from '../test-fixtures/catalogue/index';
import { searchPath, storefrontTextQuery } from '../test-fixtures/backend/test-helpers';

/**
 * docs/deploy.md's production shape, run: Debian's nginx (least_conn, max_fails, proxy_next_upstream) in front of
 * storefront processes (dist/server.mjs) sharing one redis-server, the demo backend (dist/backend.mjs) behind them.
 * Needs `node scripts/build.mjs` first and nginx and redis-server installed (npm test does both). Three storefronts:
 * A is made unready (its API cut) and stays so, then C is stopped; B serves throughout.
 */

const catalogue = generateCatalogue();
const products = catalogue.products.filter((p) => p.visibility === 4);
const product = products.find((p) => p.type_id === 'configurable')!;
const PRODUCT = `/${product.url_path}`;
const PASSWORD = 'Geheim123!';
const VICTIM = 'slachtoffer@example.nl';
const ATTACKER = 'aanvaller@example.nl';
/** two shoppers on two addresses of the loopback network: nginx sees each as its own client */
const CLIENT_1 = '127.0.0.2';
const CLIENT_2 = '127.0.0.3';

let t: Topology;
let redis: Redis;
let A: Storefront;
let B: Storefront;
let C: Storefront;
/** storefront A reaches the API through this relay, which the test can cut */
let relay: { url: string; cut(): Promise<void> };

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request on a connection of its own, from `localAddress` when given (no Accept-Encoding: the body is plain). */
function send(url: string, options: { method?: string; body?: unknown; headers?: Record<string, string>; localAddress?: string } = {}): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        agent: false,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}), ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Polls `what` until it holds (state, not time: the bound only ends a test that would never pass). */
async function until(what: () => Promise<boolean> | boolean, label: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await what()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${label}`);
}

/** A TCP relay to the API that `cut()` closes: new connections are refused, open ones reset. */
async function startRelay(): Promise<{ url: string; server: Server; target: { port: number }; cut(): Promise<void> }> {
  const target = { port: 0 };
  const sockets = new Set<Socket>();
  const server = createServer((inbound) => {
    const outbound = connect(target.port, '127.0.0.1');
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    server,
    target,
    async cut() {
      const closed = new Promise((r) => server.close(r));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}

async function renderedAt(path: string): Promise<number> {
  const raw = await redis.get(`storefront:page:nl-NL ${path}`);
  return raw ? (JSON.parse(raw) as { renderedAt: number }).renderedAt : 0;
}

/** The access log's lines from `from` on, once it has at least `count` of them (nginx writes a line after answering). */
async function accessLines(from: number, count: number): Promise<string[]> {
  const lines = () => (existsSync(t.accessLog) ? readFileSync(t.accessLog, 'utf8').split('\n').filter(Boolean).slice(from) : []);
  await until(() => lines().length >= count, `${count} lines in nginx's access log`);
  return lines();
}
const accessLogLength = () => (existsSync(t.accessLog) ? readFileSync(t.accessLog, 'utf8').split('\n').filter(Boolean).length : 0);

/** `count` requests through nginx, one after another: product pages never asked for before and searches of the API */
async function traffic(count: number, firstProduct: number): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < count; i++) {
    const path = i % 2 ? searchPath('product', storefrontTextQuery(['kerst', 'papier', 'lint', 'kaart'][i % 4]!), `size=${4 + i}`) : `/${products[firstProduct + i]!.url_path}`;
    answers.push(await send(`${t.url}${path}`));
  }
  return answers;
}

beforeAll(async () => {
  const r = await startRelay();
  relay = r;
  t = await startTopology({
    storefronts: 3,
    apiUrlOf: (i, apiUrl) => {
      if (i !== 0) return apiUrl;
      r.target.port = Number(new URL(apiUrl).port);
      return r.url;
    },
  });
  [A, B, C] = t.storefronts as [Storefront, Storefront, Storefront];
  redis = new Redis(t.redisUrl);
  for (const email of [VICTIM, ATTACKER]) {
    const made = await send(`${t.apiUrl}/api/user/create`, { method: 'POST', body: { customer: { email, firstname: 'A', lastname: 'B' }, password: PASSWORD } });
    expect(made.status).toBe(200);
  }
}, 60_000);

afterAll(async () => {
  redis?.disconnect();
  await t?.stop();
  await relay?.cut();
});

describe('the production shape: nginx, storefronts sharing Redis, the API', () => {
  it('every part answers: nginx passes /readyz to a storefront that is ready, and keeps /metrics to itself', async () => {
    for (const s of t.storefronts) expect((await send(`${s.url}/readyz`)).body).toBe('ready');
    const through = await send(`${t.url}/readyz`);
    expect(through.status).toBe(200);
    expect(through.headers['cache-control']).toBe('no-store');
    // the metrics are read from each storefront's own port: nginx answers for them itself, whatever the key
    expect((await send(`${t.url}/metrics`, { headers: { authorization: 'Bearer any' } })).status).toBe(404);
  });

  it('a page rendered through one storefront is a cache hit through the other; /invalidate through either renews it for both', async () => {
    const first = await send(`${A.url}${PRODUCT}`);
    expect(first.status).toBe(200);
    expect(first.headers['x-output-cache']).toBe('miss');
    // a miss is stored once its answer has gone (a Redis round trip later)
    await until(async () => (await renderedAt(PRODUCT)) > 0, 'the page in Redis');
    const shared = await send(`${B.url}${PRODUCT}`);
    expect(shared.headers['x-output-cache']).toBe('hit');
    expect(shared.body).toContain(product.name);
    expect((await send(`${t.url}${PRODUCT}`)).headers['x-output-cache']).toBe('hit');

    for (const [via, other] of [[B, A], [A, B]] as const) {
      const before = await renderedAt(PRODUCT);
      const answer = await send(`${via.url}/invalidate?tag=P${product.id}&key=${t.invalidateKey}`);
      expect(answer.status).toBe(200);
      expect((JSON.parse(answer.body) as { invalidated: Record<string, number> }).invalidated[`P${product.id}`]).toBeGreaterThanOrEqual(1);
      // the other storefront sees the page stale at once (and serves it meanwhile); one renders it afresh
      const stale = await send(`${other.url}${PRODUCT}`);
      expect(stale.status).toBe(200);
      expect(stale.headers['x-output-cache']).toBe('stale');
      await until(async () => (await renderedAt(PRODUCT)) > before, 'the page rendered afresh');
      for (const s of [A, B]) expect((await send(`${s.url}${PRODUCT}`)).headers['x-output-cache']).toBe('hit');
    }
  });

  it("the shopper's address reaches the API's login throttle through nginx and the storefront: one client's failures do not lock another's correct login", async () => {
    const login = (from: string, username: string, password: string) =>
      // client 1 also claims to be client 2: nginx replaces what a client sends as X-Forwarded-For
      send(`${t.url}/api/user/login`, { method: 'POST', localAddress: from, headers: { 'x-forwarded-for': CLIENT_2 }, body: { username, password } });
    // The throttle runs on the API's own clock: a lock lasts 1 s, then 2 s, ... A round fails client 1's logins until it
    // is locked, logs client 2 in, and asks client 1 again: still locked, the lock covered client 2's login. A machine
    // slow enough for the lock to end in between gets another round, with a lock twice as long.
    let proven = false;
    for (let round = 0; round < 4 && !proven; round++) {
      let locked = false;
      for (let i = 0; i < 60 && !locked; i++) {
        // mostly made-up accounts, every fifth the victim's: the client's own count locks it (20 free), before the
        // (account, client) pair's (5 free)
        const username = i % 5 === 4 ? VICTIM : `gok${round}-${i}@example.nl`;
        const failed = await login(CLIENT_1, username, `Fout${i}!abc`);
        expect([401, 429]).toContain(failed.status);
        locked = failed.status === 429;
      }
      expect(locked).toBe(true);
      const victim = await login(CLIENT_2, VICTIM, PASSWORD);
      expect(victim.status).toBe(200);
      expect((JSON.parse(victim.body) as { code: number }).code).toBe(200);
      const attacker = await login(CLIENT_1, ATTACKER, PASSWORD);
      expect([200, 429]).toContain(attacker.status);
      proven = attacker.status === 429;
    }
    expect(proven).toBe(true);
  });

  it('a storefront whose /readyz fails (its API cut) leaves the rotation: nginx retries its 503s elsewhere, no client sees a 5xx', async () => {
    await relay.cut();
    await until(async () => (await send(`${A.url}/readyz`)).status === 503, "storefront A's /readyz failing");
    expect((await send(`${A.url}/readyz`)).body).toMatch(/not ready: not answering: api/);
    const from = accessLogLength();
    const answers = await traffic(30, 0);
    expect(answers.map((a) => a.status).filter((s) => s >= 500)).toEqual([]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // A was tried, answered 503, and the same request was answered by another storefront
    const lines = await accessLines(from, answers.length);
    const retried = lines.filter((l) => l.includes(`upstream=127.0.0.1:${A.port}, `) && /upstream_status=503, 200/.test(l));
    expect(retried.length, lines.join('\n')).toBeGreaterThanOrEqual(1);
    expect(lines.every((l) => / 200 upstream=/.test(l))).toBe(true);
  });

  it('a storefront whose process is stopped leaves the rotation: nginx retries its refused connections elsewhere, no client sees a 5xx', async () => {
    await C.stop('SIGKILL');
    await expect(send(`${C.url}/readyz`)).rejects.toThrow(/ECONNREFUSED/);
    const from = accessLogLength();
    const answers = await traffic(30, 40);
    expect(answers.map((a) => a.status).filter((s) => s >= 500)).toEqual([]);
    const lines = await accessLines(from, answers.length);
    const retried = lines.filter((l) => l.includes(`upstream=127.0.0.1:${C.port}, `) && /upstream_status=502, /.test(l));
    expect(retried.length, lines.join('\n')).toBeGreaterThanOrEqual(1);
    // every request was answered 200 in the end, never by the stopped storefront
    expect(lines.every((l) => / 200 upstream=/.test(l) && !new RegExp(`:${C.port} upstream_status=`).test(l))).toBe(true);
  });
});
