/**
 * Offline task queue contract (spec transactions §3 "Sync task", §4 "Task queue"). The queue implementation
 * (core/queue/task-queue.ts) and its users (cart, user, checkout services) meet here.
 */

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
  acknowledged?: boolean;
  meta?: unknown;
  /** name of the event/handler the result is delivered to (e.g. 'cart/serverUpdateItem') */
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

export interface TaskQueue {
  /** Persist the task, then send it when online (in order). Resolves once the task is stored. */
  queue(task: NewTask): Promise<SyncTask>;
  /** Send now (through the token lock). Rejects with NetworkError when offline. */
  execute(task: NewTask): Promise<TaskResponse>;
}
