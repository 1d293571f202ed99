import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { IdempotentTaskServer, queueHistoryArb } from '../../test-fixtures/arbitraries/tasks';
import { DEFAULT_CONFIG } from '../config';
import { MESSAGES, isShopError } from '../messages';
import { ApiError } from '../ports/api-error';
import type { TaskTransport, TransportRequest, TransportResponse } from '../ports/task-transport';
import { ManualNetwork, MemoryLogger, SequentialIds, VirtualScheduler, flushPromises } from '../testing/virtual-time';
import { createTokenLock } from '../user/token-lock';
import { createTaskQueue, type TaskQueueOptions } from './task-queue';
import type { OfflineTaskQueue, SyncTask, TaskOutcome } from './types';

function setup(transport: TaskTransport, over: Partial<TaskQueueOptions> = {}) {
  const scheduler = new VirtualScheduler();
  const storage = new MemoryStorage();
  const network = new ManualNetwork(true);
  const logger = new MemoryLogger();
  const ids = new SequentialIds();
  let cartId: string | undefined = 'cart-1';
  let cartMissing = 0;
  const make = () =>
    createTaskQueue({
      storage,
      transport,
      network,
      clock: scheduler.clock,
      ids,
      getToken: () => 'tok',
      getCartId: () => cartId,
      onCartIdMissing: () => {
        cartMissing++;
      },
      config: DEFAULT_CONFIG,
      logger,
      ...over,
    });
  return {
    scheduler,
    storage,
    network,
    logger,
    make,
    setCartId: (v: string | undefined) => (cartId = v),
    cartMissing: () => cartMissing,
  };
}

const json = (status: number, body: unknown): TransportResponse => ({ status, contentType: 'application/json', body });

class ScriptedTransport implements TaskTransport {
  readonly requests: TransportRequest[] = [];
  constructor(private readonly answer: (req: TransportRequest, n: number) => TransportResponse | Promise<TransportResponse>) {}
  async send(req: TransportRequest): Promise<TransportResponse> {
    this.requests.push(req);
    return this.answer(req, this.requests.length);
  }
}

function collect(q: OfflineTaskQueue, event: string): Array<{ task: SyncTask; outcome: TaskOutcome }> {
  const out: Array<{ task: SyncTask; outcome: TaskOutcome }> = [];
  q.on(event, (task, outcome) => out.push({ task, outcome }));
  return out;
}

describe('task queue', () => {
  // spec transactions §4 "Task queue": sent exactly once, in order, none lost, across drops and restarts
  it('property: for any enqueues, network drops, restarts and reconnects every task is applied exactly once, in order', async () => {
    await fc.assert(
      fc.asyncProperty(queueHistoryArb, async ({ commands, lostAnswers, latencies }) => {
        const scheduler = new VirtualScheduler();
        const server = new IdempotentTaskServer(scheduler, lostAnswers, latencies);
        const storage = new MemoryStorage();
        const network = new ManualNetwork(true);
        const ids = new SequentialIds();
        const delivered: number[] = [];
        const make = () => {
          const q = createTaskQueue({
            storage,
            transport: server,
            network,
            clock: scheduler.clock,
            ids,
            getToken: () => '',
            getCartId: () => 'c1',
            onCartIdMissing: () => undefined,
            config: DEFAULT_CONFIG,
            logger: new MemoryLogger(),
          });
          q.on('test/applied', (task, outcome) => {
            if (outcome.ok) delivered.push((task.payload.body as { n: number }).n);
          });
          return q;
        };
        let queue = make();
        let enqueued = 0;
        for (const c of commands) {
          if (c.kind === 'enqueue') {
            for (let i = 0; i < c.count; i++) {
              await queue.queue({ url: '/api/cart/update?cartId={{cartId}}', payload: { method: 'POST', body: { n: enqueued++ } }, callback_event: 'test/applied' });
            }
          } else if (c.kind === 'offline') {
            server.online = false;
            network.set(false);
          } else if (c.kind === 'online') {
            server.online = true;
            network.set(true);
          } else if (c.kind === 'restart') {
            queue.dispose(); // the page closes: whatever is in flight is forgotten
            queue = make();
          } else {
            await scheduler.advance(c.ms);
          }
        }
        // finally: online for good; each reconnect is a new online period
        server.online = true;
        network.set(true);
        for (let round = 0; round < 60; round++) {
          await scheduler.advance(300);
          const left = (await storage.entries<SyncTask>('syncTasks')).filter(([, t]) => !t.transmited).length;
          if (left === 0) break;
          network.set(false);
          network.set(true);
        }
        const expected = Array.from({ length: enqueued }, (_, n) => ({ n }));
        expect(server.applied).toEqual(expected);
        expect(await storage.keys('syncTasks')).toEqual([]);
        expect(queue.pending()).toBe(0);
        // each result delivered once (a restarted queue delivers what the closed one never could)
        expect([...delivered].sort((a, b) => a - b)).toEqual(expected.map((e) => e.n));
      }),
      { numRuns: 150 },
    );
  });

  // spec transactions §4: persisted before sending; sent only when online
  it('stores the task before sending and sends nothing while offline', async () => {
    const t = new ScriptedTransport(() => json(200, { code: 200, result: true }));
    const s = setup(t);
    s.network.set(false);
    const q = s.make();
    const task = await q.queue({ url: '/api/cart/update?token={{token}}&cartId={{cartId}}', payload: { method: 'POST', body: { cartItem: { quoteId: '{{cartId}}' } } } });
    expect(await s.storage.keys('syncTasks')).toHaveLength(1);
    await s.scheduler.advance(5000);
    expect(t.requests).toHaveLength(0);
    expect(q.pending()).toBe(1);
    s.network.set(true);
    await flushPromises();
    expect(t.requests).toHaveLength(1);
    const req = t.requests[0]!;
    expect(req.url).toBe('/api/cart/update?token=tok&cartId=cart-1');
    expect(req.body).toEqual({ cartItem: { quoteId: 'cart-1' } });
    expect(req.headers['Idempotency-Key']).toBe(task.idempotency_key);
    expect(await s.storage.keys('syncTasks')).toEqual([]);
    expect(q.pending()).toBe(0);
  });

  // spec transactions §4 "Task queue": tasks run only when online, also when the connection drops in the middle of a
  // drain, and when process() is called by hand
  it('stops sending when the network goes offline between two tasks', async () => {
    let s: ReturnType<typeof setup> | undefined;
    const t = new ScriptedTransport(() => {
      s!.network.set(false); // the connection drops once the first task is answered
      return json(200, { code: 200, result: true });
    });
    s = setup(t);
    s.network.set(false);
    const q = s.make();
    for (const sku of ['A', 'B']) {
      await q.queue({ url: '/api/cart/update?token={{token}}', payload: { method: 'POST', body: { sku } } });
    }
    s.network.set(true);
    await flushPromises();
    await q.process();
    expect(t.requests.map((r) => r.body)).toEqual([{ sku: 'A' }]);
    expect(q.pending()).toBe(1);
  });

  // spec transactions §4: a transmitted task is stored again if its result is cacheable
  it('keeps a transmitted cacheable task with its result, removes the others', async () => {
    const t = new ScriptedTransport(() => json(200, { code: 200, result: { qty: 3 } }));
    const s = setup(t);
    const q = s.make();
    await q.queue({ url: '/api/stock/check?sku=A', payload: { method: 'GET' }, is_result_cacheable: true });
    await q.queue({ url: '/api/cart/update', payload: { method: 'POST' } });
    await flushPromises();
    const stored = await s.storage.entries<SyncTask>('syncTasks');
    expect(stored).toHaveLength(1);
    expect(stored[0]![1]).toMatchObject({ transmited: true, result: { qty: 3 }, resultCode: 200, url: '/api/stock/check?sku=A' });
    expect(t.requests).toHaveLength(2);
  });

  // spec transactions §4, §8: the cartId placeholder without a cart id → error message and the cart re-created
  it('a {{cartId}} task without a cart id fails with noCartId and re-creates the cart', async () => {
    const t = new ScriptedTransport(() => json(200, { code: 200, result: true }));
    const s = setup(t);
    s.setCartId(undefined);
    const q = s.make();
    const got = collect(q, 'cart/serverUpdateItem');
    await q.queue({ url: '/api/cart/update?cartId={{cartId}}', payload: { method: 'POST' }, callback_event: 'cart/serverUpdateItem' });
    await flushPromises();
    expect(t.requests).toHaveLength(0);
    expect(got).toHaveLength(1);
    const outcome = got[0]!.outcome;
    expect(!outcome.ok && isShopError(outcome.error) && outcome.error.key).toBe(MESSAGES.noCartId);
    expect(s.cartMissing()).toBe(1);
    expect(await s.storage.keys('syncTasks')).toEqual([]);
  });

  // spec transactions §5, §8: bad content-type, wrong response format
  it('checks the answer: JSON content-type and a { code, result } body', async () => {
    const answers: TransportResponse[] = [
      { status: 200, contentType: 'text/html', body: '<html>' },
      json(200, { ok: true }),
      json(200, { code: 200, result: 'fine' }),
    ];
    const t = new ScriptedTransport((_, n) => answers[n - 1]!);
    const s = setup(t);
    const q = s.make();
    const got = collect(q, 'e');
    for (let i = 0; i < 3; i++) await q.queue({ url: '/x', payload: { method: 'GET' }, callback_event: 'e' });
    await flushPromises();
    expect(got.map((g) => (g.outcome.ok ? 'ok' : isShopError(g.outcome.error) ? g.outcome.error.key : 'other'))).toEqual([
      MESSAGES.badContentType,
      MESSAGES.wrongResponseFormat,
      'ok',
    ]);
  });

  // #2663: an invalid order was re-sent forever
  it('#2663: a 4xx answer is final — the task is removed and the error delivered, never re-sent', async () => {
    const t = new ScriptedTransport(() => json(400, { code: 400, result: 'Internal validation error' }));
    const s = setup(t);
    const q = s.make();
    const got = collect(q, 'order/placed');
    await q.queue({ url: '/api/order', payload: { method: 'POST', body: { order_id: 'o1' } }, callback_event: 'order/placed' });
    for (let i = 0; i < 5; i++) {
      s.network.set(false);
      s.network.set(true);
      await s.scheduler.advance(1000);
    }
    expect(t.requests).toHaveLength(1);
    expect(got).toHaveLength(1);
    expect(!got[0]!.outcome.ok && got[0]!.outcome.error instanceof ApiError && got[0]!.outcome.error.status).toBe(400);
    expect(await s.storage.keys('syncTasks')).toEqual([]);
  });

  // spec transactions §9: queue max network attempts 1 per online period
  it('after a network failure the task waits for the next online period (max network attempts 1)', async () => {
    let fail = true;
    const { NetworkError } = await import('../ports/api-error');
    const t2 = new ScriptedTransport(() => {
      if (fail) throw new NetworkError();
      return json(200, { code: 200, result: true });
    });
    const s = setup(t2);
    const q = s.make();
    await q.queue({ url: '/a', payload: { method: 'POST' } });
    await q.queue({ url: '/b', payload: { method: 'POST' } });
    await s.scheduler.advance(10_000);
    expect(t2.requests.map((r) => r.url)).toEqual(['/a']);
    fail = false;
    await s.scheduler.advance(10_000);
    expect(t2.requests).toHaveLength(1); // still the same online period
    s.network.set(false);
    s.network.set(true);
    await flushPromises();
    expect(t2.requests.map((r) => r.url)).toEqual(['/a', '/a', '/b']);
    expect(t2.requests[0]!.headers['Idempotency-Key']).toBe(t2.requests[1]!.headers['Idempotency-Key']);
  });

  // spec transactions §4 "User token lock": tasks go through the lock; a 401 refreshes the token and the task goes on
  it('a 401 answer refreshes the token through the lock and the task is re-sent with the new token', async () => {
    let token = 'old';
    const t = new ScriptedTransport((req) => (req.url.includes('token=new') ? json(200, { code: 200, result: 'me' }) : json(401, { code: 401, result: 'expired' })));
    const scheduler = new VirtualScheduler();
    const lock = createTokenLock({
      scheduler,
      config: DEFAULT_CONFIG,
      getToken: () => token,
      refresh: async () => {
        token = 'new';
      },
      onLoggedOut: () => undefined,
    });
    const s = setup(t, { tokenLock: lock, getToken: () => token });
    const q = s.make();
    const got = collect(q, 'user/me');
    await q.queue({ url: '/api/user/me?token={{token}}', payload: { method: 'POST' }, callback_event: 'user/me' });
    await flushPromises();
    expect(t.requests.map((r) => r.url)).toEqual(['/api/user/me?token=old', '/api/user/me?token=new']);
    expect(got[0]?.outcome.ok).toBe(true);
    expect(lock.refreshCount()).toBe(1);
  });

  // spec transactions §4 "Session" logout: unsent tasks cleared
  it('clear() drops every stored task and the pending count', async () => {
    const t = new ScriptedTransport(() => json(200, { code: 200, result: true }));
    const s = setup(t);
    s.network.set(false);
    const q = s.make();
    const counts: number[] = [];
    q.pending$.subscribe((n) => counts.push(n));
    await q.queue({ url: '/a', payload: { method: 'POST' } });
    await q.queue({ url: '/b', payload: { method: 'POST' } });
    await q.clear();
    s.network.set(true);
    await flushPromises();
    expect(t.requests).toHaveLength(0);
    expect(counts).toEqual([0, 1, 2, 0]);
  });
});

describe('task queue: multistore', () => {
  // spec transactions §7 "Queued task call": store view appended when multistore is on
  it('appends the store code only when multistore is on', async () => {
    const { createConfig } = await import('../config');
    for (const multistore of [true, false]) {
      const t = new ScriptedTransport(() => json(200, { code: 200, result: true }));
      const s = setup(t, { config: createConfig({ storeViews: { multistore } }), getStoreCode: () => 'nl' });
      const q = s.make();
      await q.queue({ url: '/api/cart/update?cartId={{cartId}}', payload: { method: 'POST' } });
      await flushPromises();
      expect(t.requests[0]?.url).toBe(multistore ? '/api/cart/update?cartId=cart-1&storeCode=nl' : '/api/cart/update?cartId=cart-1');
    }
  });
});
