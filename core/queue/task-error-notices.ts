/**
 * spec transactions §8 "Server error with message": an error notification with an OK action, unless the task is silent,
 * the result is ENOTFOUND, or it is a 401 while the token is being refreshed. Tasks whose callback_event has its own
 * notice (the cart's item updates: CartService.notices$) are skipped, so no error is shown twice.
 */
import type { Subscription } from 'rxjs';
import { MESSAGES } from '../messages';
import { isApiError } from '../ports/api-error';
import { serverMessage } from '../server-messages';
import type { NotificationInput } from '../ui-state/notification-service';
import type { OfflineTaskQueue, SyncTask, TaskOutcome } from './types';

export { serverMessage } from '../server-messages';

function mentionsNotFound(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('ENOTFOUND');
  if (!value || typeof value !== 'object') return false;
  const v = value as { code?: unknown; resultCode?: unknown; message?: unknown; result?: unknown };
  return v.code === 'ENOTFOUND' || v.resultCode === 'ENOTFOUND' || mentionsNotFound(v.message) || (v.result !== value && mentionsNotFound(v.result));
}

/** The message of a failed call: an ApiError's text result (else its status), another error's message. */
export function errorText(e: unknown): string {
  if (isApiError(e)) return typeof e.result === 'string' ? e.result : String(e.status);
  return e instanceof Error ? e.message : String(e);
}

/**
 * The notice a task's final outcome deserves, or undefined: only server answers with an error (ApiError) are shown;
 * never for a silent task, an ENOTFOUND result, or a 401 while the token lock is refreshing or has failed (lockState != 0).
 */
export function taskErrorNotice(task: Pick<SyncTask, 'silent'>, outcome: TaskOutcome, lockState = 0) {
  if (outcome.ok || task.silent || !isApiError(outcome.error)) return undefined;
  const error = outcome.error;
  if (mentionsNotFound(error.result) || (error.status === 401 && lockState !== 0)) return undefined;
  return { message: MESSAGES.serverError, params: { message: serverMessage(error.result, error.message) } };
}

export interface TaskErrorWatchDeps {
  readonly queue: Pick<OfflineTaskQueue, 'results$'>;
  readonly notify: (n: NotificationInput) => unknown;
  /** the token lock's state (0 free, > 0 refreshing, < 0 failed) */
  readonly lockState?: () => number;
}

/** Notify the shopper of failed queued tasks (spec transactions §8). Returns the subscription to stop watching. */
export function watchTaskErrors(deps: TaskErrorWatchDeps): Subscription {
  return deps.queue.results$.subscribe(({ task, outcome }) => {
    if (task.callback_event === 'cart/serverUpdateItem') return;
    const notice = taskErrorNotice(task, outcome, deps.lockState?.() ?? 0);
    if (!notice) return;
    deps.notify({ type: 'danger', message: notice.message, params: notice.params, action1: { label: MESSAGES.ok } });
  });
}
