import fc from 'fast-check';
import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { MESSAGES, ShopError } from '../messages';
import { ApiError, NetworkError } from '../ports/api-error';
import type { NotificationInput } from '../ui-state/notification-service';
import { taskErrorNotice, watchTaskErrors } from './task-error-notices';
import type { SyncTask, TaskOutcome } from './types';

const task = (over: Partial<SyncTask> = {}): SyncTask => ({
  task_id: 't1', url: '/api/user/me', payload: { method: 'POST' }, transmited: true, created_at: 0, updated_at: 0, idempotency_key: 'k', ...over,
});

const resultArb = fc.oneof(
  fc.constant('Internal validation error'),
  fc.constant({ message: 'Account data could not be saved' }),
  fc.constant({ code: 'ENOTFOUND' }),
  fc.constant('getaddrinfo ENOTFOUND stock.local'),
  fc.constant(undefined),
);
const outcomeArb: fc.Arbitrary<TaskOutcome> = fc.oneof(
  fc.constant<TaskOutcome>({ ok: true, response: { code: 200, result: 'ok' } as never }),
  fc.tuple(fc.constantFrom(400, 401, 404, 500), resultArb).map(([status, result]) => ({ ok: false as const, error: new ApiError(status, result) })),
  fc.constant<TaskOutcome>({ ok: false, error: new NetworkError() }),
  fc.constant<TaskOutcome>({ ok: false, error: new ShopError(MESSAGES.badContentType) }),
);
const hasNotFound = (r: unknown) => JSON.stringify(r ?? '').includes('ENOTFOUND');

describe('taskErrorNotice', () => {
  // spec transactions §8 "Server error with message": notification unless silent or ENOTFOUND; 401 during refresh not shown
  it('property: shown exactly for a failed server answer of a non-silent task, not ENOTFOUND, not a 401 while refreshing', () => {
    fc.assert(
      fc.property(fc.boolean(), outcomeArb, fc.integer({ min: -1, max: 2 }), (silent, outcome, lock) => {
        const notice = taskErrorNotice(task({ silent }), outcome, lock);
        const expected =
          !outcome.ok && !silent && outcome.error instanceof ApiError && !hasNotFound(outcome.error.result) && !(outcome.error.status === 401 && lock !== 0);
        expect(notice !== undefined).toBe(expected);
        if (notice) {
          expect(notice.message).toBe(MESSAGES.serverError);
          const r = (outcome as unknown as { error: ApiError }).error.result;
          if (typeof r === 'string') expect(notice.params.message).toBe(r);
          if (r && typeof r === 'object') expect(notice.params.message).toBe((r as { message: string }).message);
        }
      }),
    );
  });

  it('watchTaskErrors notifies with an OK action, skipping tasks whose handler announces them itself', () => {
    const results = new Subject<{ task: SyncTask; outcome: TaskOutcome }>();
    const shown: NotificationInput[] = [];
    let lock = 0;
    const sub = watchTaskErrors({ queue: { results$: results }, notify: (n) => shown.push(n), lockState: () => lock });
    results.next({ task: task(), outcome: { ok: false, error: new ApiError(500, { message: 'Database down' }) } });
    results.next({ task: task({ callback_event: 'cart/serverUpdateItem' }), outcome: { ok: false, error: new ApiError(400, 'qty') } });
    lock = 1;
    results.next({ task: task(), outcome: { ok: false, error: new ApiError(401, 'unauthorized') } });
    expect(shown).toEqual([{ type: 'danger', message: MESSAGES.serverError, params: { message: 'Database down' }, action1: { label: MESSAGES.ok } }]);
    sub.unsubscribe();
    results.next({ task: task(), outcome: { ok: false, error: new ApiError(500, 'again') } });
    expect(shown).toHaveLength(1);
  });
});
