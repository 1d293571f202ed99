/** The offline task queue's contract (spec transactions §3 "Sync task", §4 "Task queue"). */
import type { Observable } from 'rxjs';

/** Placeholders a task URL may hold; the queue fills them in just before sending. */
export const TASK_URL_PLACEHOLDERS = { token: '{{token}}', cartId: '{{cartId}}' } as const;

export interface SyncTaskPayload {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: unknown;
}

/** spec transactions §3: task_id, url, payload, transmited, ... (wire spelling kept: `transmited`) */
export interface SyncTask {
  task_id: string;
  url: string;
  payload: SyncTaskPayload;
  transmited: boolean;
  transmited_at?: number;
  created_at: number;
  updated_at: number;
  result?: unknown;
  resultCode?: number;
  code?: number;
  meta?: unknown;
  /** the handlers' event the result is delivered to (e.g. 'cart/serverUpdateItem') */
  callback_event?: string;
  silent?: boolean;
  is_result_cacheable?: boolean;
  /** stable per task, sent as the Idempotency-Key header so a repeated send is applied once */
  idempotency_key: string;
}

export type NewTask = Pick<SyncTask, 'url' | 'payload'> &
  Partial<Pick<SyncTask, 'callback_event' | 'silent' | 'is_result_cacheable' | 'meta'>>;

export interface TaskResponse {
  /** the envelope's code (or the HTTP status when the body has none) */
  code: number;
  result: unknown;
  meta?: unknown;
}

/** What happened to a task: delivered to the handlers registered for its callback_event. */
export type TaskOutcome =
  | { ok: true; response: TaskResponse }
  /** a final failure: the task is removed. `error` is a ShopError (message key) or an ApiError (HTTP status). */
  | { ok: false; error: Error };

export type TaskResultHandler = (task: SyncTask, outcome: TaskOutcome) => void;

/** The offline queue as createTaskQueue builds it (spec transactions §4 "Task queue"). */
export interface OfflineTaskQueue {
  /** Persist the task, then send it when online (in order). Resolves once the task is stored. */
  queue(task: NewTask): Promise<SyncTask>;
  /** register a handler for results of tasks with this callback_event; returns the unsubscribe function */
  on(callbackEvent: string, handler: TaskResultHandler): () => void;
  /** every result, whatever its callback_event */
  readonly results$: Observable<{ task: SyncTask; outcome: TaskOutcome }>;
  /** number of stored tasks not yet transmitted */
  readonly pending$: Observable<number>;
  pending(): number;
  /** send what is stored now (if online); resolves when the queue is idle or stopped for this online period */
  process(): Promise<void>;
  /** drop every stored task (logout: unsent tasks cleared) */
  clear(): Promise<void>;
  /** resolves once the stored tasks were read at start */
  readonly ready: Promise<void>;
  /** stop for good (tests: simulates closing the page); nothing is written or delivered afterwards */
  dispose(): void;
}
