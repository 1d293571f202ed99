/**
 * The offline task queue (spec transactions §3 "Sync task", §4 "Task queue", §5, §8): a task is stored (syncTasks)
 * before it is sent, online only, in order, one at a time, with its Idempotency-Key, so it is applied once. 4xx and 500
 * answers are final (a 401 goes through the token lock first); no answer (or 502/503/504) keeps the task, and after
 * config.queue.maxNetworkAttempts the queue waits for the next online period. docs/sdk.md has the whole rule.
 */
import { BehaviorSubject, Subject, distinctUntilChanged } from 'rxjs';
import { coalesce } from '../coalesce';
import type { ShopConfig } from '../config';
import { MESSAGES, ShopError } from '../messages';
import { ApiError, NetworkError, isNetworkError } from '../ports/api-error';
import type { Clock } from '../ports/clock';
import type { IdGenerator } from '../ports/id-generator';
import type { Logger } from '../ports/logger';
import type { Network } from '../ports/network';
import { STORAGE_COLLECTIONS, type Storage } from '../ports/storage';
import type { TaskTransport, TransportRequest, TransportResponse } from '../ports/task-transport';
import type { TokenLock } from '../user/token-lock';
import { TAB_LOCKS, type CrossTab, type TabLocks } from '../ports/cross-tab';
import { InProcessLocks, NoOtherTabs } from '../tabs/single-tab';
import {
  TASK_URL_PLACEHOLDERS,
  type NewTask,
  type OfflineTaskQueue,
  type SyncTask,
  type TaskOutcome,
  type TaskResponse,
  type TaskResultHandler,
} from './types';

export interface TaskQueueOptions {
  storage: Storage;
  transport: TaskTransport;
  network: Network;
  clock: Clock;
  ids: IdGenerator;
  /** tasks whose URL holds {{token}} run through it (401 → one refresh) */
  tokenLock?: TokenLock;
  getToken: () => string | undefined;
  getCartId: () => string | undefined;
  /** the cart must be re-created (a task needed a cart id and there was none) */
  onCartIdMissing: () => void | Promise<void>;
  config: Pick<ShopConfig, 'queue'> & Partial<Pick<ShopConfig, 'storeViews'>>;
  logger: Logger;
  /** the current store code; appended as ?storeCode= when config.storeViews.multistore is on (spec §7) */
  getStoreCode?: () => string | undefined;
  /** one tab sends at a time (TAB_LOCKS.queueDrain); a new task's key is chosen under TAB_LOCKS.queueWrite */
  locks?: TabLocks;
  /** tells the other tabs the stored tasks changed (their pending count follows) */
  crossTab?: CrossTab;
}

const COLLECTION = STORAGE_COLLECTIONS.syncTasks;
const KEY_DIGITS = 12;
const TRANSIENT_STATUSES = new Set([502, 503, 504]);
const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' };

const keyOf = (seq: number) => String(seq).padStart(KEY_DIGITS, '0');

/** Fill the {{token}} and {{cartId}} placeholders of a URL (URL-encoded; `esc` for other text). */
export function fillPlaceholders(url: string, token: string, cartId: string | undefined, esc = encodeURIComponent) {
  return url
    .replaceAll(TASK_URL_PLACEHOLDERS.token, () => esc(token))
    .replaceAll(TASK_URL_PLACEHOLDERS.cartId, () => esc(cartId ?? ''));
}

/** The same in the strings of a JSON body. */
function fillBody(body: unknown, token: string, cartId: string | undefined): unknown {
  const json = body === undefined ? undefined : JSON.stringify(body);
  if (!json?.includes('{{')) return body;
  return JSON.parse(fillPlaceholders(json, token, cartId, (v) => JSON.stringify(v).slice(1, -1)));
}

/** spec transactions §5 "A response of a task must have a JSON content-type and a body." */
export function checkTaskResponse(response: TransportResponse, url: string): TaskResponse {
  if (!/\bjson\b/i.test(response.contentType)) throw new ShopError(MESSAGES.badContentType, {}, response.status);
  const body = response.body as Record<string, unknown> | null;
  if (!body || typeof body !== 'object' || !('code' in body) || !('result' in body)) {
    throw new ShopError(MESSAGES.wrongResponseFormat, {}, response.status);
  }
  const code = typeof body.code === 'number' ? body.code : response.status;
  if (response.status >= 400 || code >= 400) throw new ApiError(response.status >= 400 ? response.status : code, body.result, url);
  return body.meta === undefined ? { code, result: body.result } : { code, result: body.result, meta: body.meta };
}

type SendResult = 'next' | 'retry' | 'stop';

export function createTaskQueue(options: TaskQueueOptions): OfflineTaskQueue {
  const { storage, transport, network, clock, ids, tokenLock, getToken, getCartId, onCartIdMissing, config, logger, getStoreCode } = options;
  const locks = options.locks ?? new InProcessLocks();
  const tabs = options.crossTab ?? new NoOtherTabs();

  /** spec transactions §7: the store view is appended when multistore is on */
  function withStoreCode(url: string): string {
    const code = config.storeViews?.multistore ? getStoreCode?.() : undefined;
    if (!code) return url;
    return `${url}${url.includes('?') ? '&' : '?'}storeCode=${encodeURIComponent(code)}`;
  }
  const handlers = new Set<readonly [string, TaskResultHandler]>();
  const results = new Subject<{ task: SyncTask; outcome: TaskOutcome }>();
  const pendingCount = new BehaviorSubject(0);
  let nextSeq = 0;
  let networkFailures = 0;
  let disposed = false;
  /** bumped by clear(): answers to tasks of an older generation are not stored nor delivered */
  let generation = 0;

  async function refreshPending(): Promise<void> {
    const entries = await storage.entries<SyncTask>(COLLECTION);
    if (!disposed) pendingCount.next(entries.filter(([, t]) => !t.transmited).length);
  }

  /** the next key follows every stored one (another tab may have stored tasks since) */
  async function advanceSeq(): Promise<void> {
    for (const k of await storage.keys(COLLECTION)) {
      const n = Number.parseInt(k, 10);
      if (Number.isFinite(n) && n >= nextSeq) nextSeq = n + 1;
    }
  }

  const ready = advanceSeq().then(refreshPending);

  function deliver(task: SyncTask, outcome: TaskOutcome): void {
    if (disposed) return;
    if (!outcome.ok && !task.silent) logger.warn(`task ${task.task_id} ${task.url} failed: ${outcome.error.message}`, 'queue');
    results.next({ task, outcome });
    for (const [event, h] of handlers) {
      if (event !== task.callback_event) continue;
      try {
        h(task, outcome);
      } catch (e) {
        logger.error(`handler of ${task.callback_event} threw: ${String(e)}`, 'queue');
      }
    }
  }

  /** send one task (through the token lock when it carries the user token) and check the answer */
  async function transmit(task: SyncTask, cartId: string | undefined): Promise<TaskResponse> {
    const { method, headers, body } = task.payload;
    const once = async (token: string): Promise<TaskResponse> => {
      const req: TransportRequest = {
        url: withStoreCode(fillPlaceholders(task.url, token, cartId)),
        method,
        headers: { ...JSON_HEADERS, ...headers, 'Idempotency-Key': task.idempotency_key },
      };
      const filled = fillBody(body, token, cartId);
      if (filled !== undefined) req.body = filled;
      const res = await transport.send(req);
      if (TRANSIENT_STATUSES.has(res.status)) throw new NetworkError(`HTTP ${res.status}`, req.url);
      if (res.status === 401) throw new ApiError(401, res.body, req.url);
      return checkTaskResponse(res, req.url);
    };
    if (tokenLock && task.url.includes(TASK_URL_PLACEHOLDERS.token)) return tokenLock.run(once);
    return once(getToken() ?? '');
  }

  async function sendOne(key: string, task: SyncTask): Promise<SendResult> {
    const gen = generation;
    const cartId = getCartId();
    const needsCart = task.url.includes(TASK_URL_PLACEHOLDERS.cartId) || JSON.stringify(task.payload.body ?? null).includes(TASK_URL_PLACEHOLDERS.cartId);
    if (needsCart && !cartId) {
      logger.error(`Error executing sync task ${task.url}: the required cartId argument is null. Re-creating shopping cart synchro.`, 'queue');
      await storage.remove(COLLECTION, key);
      deliver(task, { ok: false, error: new ShopError(MESSAGES.noCartId, { url: task.url }) });
      Promise.resolve()
        .then(onCartIdMissing)
        .catch((e: unknown) => logger.error(`re-creating the cart failed: ${String(e)}`, 'queue'));
      return 'next';
    }
    let response: TaskResponse;
    try {
      response = await transmit(task, cartId);
    } catch (e) {
      if (disposed || gen !== generation) return 'stop';
      if (isNetworkError(e)) {
        networkFailures++;
        logger.info(`task ${task.task_id} not sent (${e.message}), attempt ${networkFailures}`, 'queue');
        return networkFailures >= config.queue.maxNetworkAttempts ? 'stop' : 'retry';
      }
      const error = e instanceof Error ? e : new Error(String(e));
      await storage.remove(COLLECTION, key);
      const failed: SyncTask = { ...task, updated_at: clock.now() };
      if (e instanceof ApiError) failed.resultCode = e.status;
      deliver(failed, { ok: false, error });
      return 'next';
    }
    if (disposed || gen !== generation) return 'stop';
    const now = clock.now();
    const { code, result, meta } = response;
    const done: SyncTask = { ...task, transmited: true, transmited_at: now, updated_at: now, result, resultCode: code, code };
    if (meta !== undefined) done.meta = meta;
    if (task.is_result_cacheable) await storage.set(COLLECTION, key, done);
    else await storage.remove(COLLECTION, key);
    deliver(done, { ok: true, response });
    return 'next';
  }

  async function drain(): Promise<void> {
    await ready;
    for (;;) {
      if (disposed || !network.isOnline()) return;
      // out of network attempts for this online period: wait for the next one
      if (networkFailures >= config.queue.maxNetworkAttempts) return;
      const next = (await storage.entries<SyncTask>(COLLECTION)).find(([, t]) => !t.transmited);
      if (disposed) return;
      if (!next) {
        // another tab may have sent this tab's tasks: the count follows what is stored
        await refreshPending();
        return;
      }
      const outcome = await sendOne(next[0], next[1]);
      await refreshPending();
      tabs.publish({ topic: 'queue' });
      if (outcome === 'stop') return;
    }
  }

  // one tab of the browser sends at a time; the next one re-reads Storage and finds only what is still unsent
  const failed = (e: unknown) => logger.error(`queue processing failed: ${String(e)}`, 'queue');
  const process = coalesce(() => locks.exclusive(TAB_LOCKS.queueDrain, drain).catch(failed));

  const tabSubscription = tabs.messages$.subscribe((m) => {
    if (m.topic === 'queue') void refreshPending();
  });

  const subscription = network.online$.subscribe((online) => {
    if (online) {
      networkFailures = 0; // a new online period
      void process();
    }
  });

  async function queue(newTask: NewTask): Promise<SyncTask> {
    await ready;
    const now = clock.now();
    const task: SyncTask = {
      ...newTask,
      task_id: ids.next(),
      idempotency_key: ids.next(),
      transmited: false,
      created_at: now,
      updated_at: now,
    };
    // the key is chosen while no other tab appends
    await locks.exclusive(TAB_LOCKS.queueWrite, async () => {
      await advanceSeq();
      await storage.set(COLLECTION, keyOf(nextSeq++), task);
    });
    await refreshPending();
    tabs.publish({ topic: 'queue' });
    if (network.isOnline()) void process();
    return task;
  }

  return {
    queue,
    process,
    ready,
    results$: results.asObservable(),
    pending$: pendingCount.pipe(distinctUntilChanged()),
    pending: () => pendingCount.value,
    on(callbackEvent, handler) {
      const entry = [callbackEvent, handler] as const;
      handlers.add(entry);
      return () => handlers.delete(entry);
    },
    async clear() {
      generation++;
      await ready;
      await storage.clear(COLLECTION);
      await refreshPending();
    },
    dispose() {
      disposed = true;
      tabSubscription.unsubscribe();
      subscription.unsubscribe();
    },
  };
}
