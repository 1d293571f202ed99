/**
 * The user token lock (spec transactions §4 "User token lock", §8 "Token refresh"). `run(fn)` calls fn with the current
 * user token; when fn fails with ApiError 401 (and config.user.autoRefreshTokens), one refresh runs for any number of
 * concurrent 401s: the others wait (polling every config.queue.tokenLockRetryMs) and go on with the new token. A
 * successful refresh resets the attempt counter; when it fails or the attempts run out, `onLoggedOut` is called once
 * and every waiting call fails. The refresh call goes straight to the API, never through the queue or this lock.
 */
import { BehaviorSubject } from 'rxjs';
import type { ShopConfig } from '../config';
import { MESSAGES, ShopError, isShopError, type MessageKey } from '../messages';
import { isApiError, isNetworkError } from '../ports/api-error';
import type { Logger } from '../ports/logger';
import type { Scheduler } from '../ports/scheduler';

export const TOKEN_LOCK_FREE = 0;
export const TOKEN_LOCK_REFRESHING = 1;
export const TOKEN_LOCK_FAILED = -1;

export interface TokenLockOptions {
  scheduler: Scheduler;
  config: Pick<ShopConfig, 'user' | 'queue'>;
  getToken: () => string | undefined;
  /** POST /api/user/refresh directly and store the new token; gets the refused one (another tab may replace it) */
  refresh: (staleToken: string) => Promise<void>;
  /** called once when the session is lost */
  onLoggedOut: (reason: MessageKey) => void | Promise<void>;
  logger?: Logger;
}

export interface TokenLock {
  /** 0 free, > 0 refreshing, < 0 failed */
  state(): number;
  run<T>(fn: (token: string) => Promise<T>): Promise<T>;
  /** back to free (after a new login) */
  reset(): void;
  /** how many refresh calls were made (for tests and metrics) */
  refreshCount(): number;
}

export function createTokenLock(options: TokenLockOptions): TokenLock {
  const { scheduler, config, getToken, refresh, onLoggedOut, logger } = options;
  const state = new BehaviorSubject<number>(TOKEN_LOCK_FREE);
  let attempts = 0;
  let refreshes = 0;
  /** increases on every failure, so a waiting call knows the refresh it waited for failed */
  let failures = 0;
  let failureReason: MessageKey = MESSAGES.tokenRefreshUnauthorized;

  async function waitWhileRefreshing(): Promise<void> {
    const failuresBefore = failures;
    while (state.value > 0) await scheduler.sleep(config.queue.tokenLockRetryMs);
    if (failures !== failuresBefore) throw new ShopError(failureReason, {}, 401);
  }

  function fail(reason: MessageKey): ShopError {
    failures++;
    failureReason = reason;
    state.next(TOKEN_LOCK_FAILED);
    logger?.warn(`token refresh failed: ${reason}`, 'user');
    // called at once; its throw or rejection is logged, never the failing call's error
    (async () => onLoggedOut(reason))().catch((e: unknown) => logger?.error(String(e), 'user'));
    return new ShopError(reason, {}, 401);
  }

  /** Called only while the state is free: refresh once. */
  async function refreshOnce(staleToken: string): Promise<void> {
    if (attempts >= config.user.tokenRefreshMaxAttempts) throw fail(MESSAGES.tokenRefreshUnauthorized);
    attempts++;
    refreshes++;
    state.next(TOKEN_LOCK_REFRESHING);
    try {
      await refresh(staleToken);
    } catch (e) {
      if (isNetworkError(e)) {
        // offline is not a lost session: free the lock, keep the user
        attempts--;
        state.next(TOKEN_LOCK_FREE);
        throw e;
      }
      const unauthorized = (isApiError(e) && e.status >= 400 && e.status < 500) || isShopError(e);
      throw fail(unauthorized ? MESSAGES.tokenRefreshUnauthorized : MESSAGES.tokenRefreshInternal);
    }
    attempts = 0; // #5713: a successful refresh resets the counter
    state.next(TOKEN_LOCK_FREE);
  }

  async function run<T>(fn: (token: string) => Promise<T>): Promise<T> {
    let retriedAfterRefresh = false;
    for (;;) {
      await waitWhileRefreshing();
      const used = getToken() ?? '';
      try {
        return await fn(used);
      } catch (e) {
        const is401 = isApiError(e) && e.status === 401;
        if (!is401 || !config.user.autoRefreshTokens || !used || state.value < 0 || retriedAfterRefresh) throw e;
        retriedAfterRefresh = true;
        if (state.value > 0) continue; // someone else is refreshing: wait, then go on with the new token
        if ((getToken() ?? '') !== used) continue; // already refreshed since this call started
        await refreshOnce(used);
      }
    }
  }

  return {
    state: () => state.value,
    run,
    reset: () => {
      attempts = 0;
      state.next(TOKEN_LOCK_FREE);
    },
    refreshCount: () => refreshes,
  };
}
