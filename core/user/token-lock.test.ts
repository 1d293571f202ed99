import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createConfig, DEFAULT_CONFIG } from '../config';
import { MESSAGES, isShopError } from '../messages';
import { ApiError, NetworkError } from '../ports/api-error';
import { VirtualScheduler } from '../testing/virtual-time';
import { createTokenLock, type TokenLock } from './token-lock';

/** A user API that knows one valid token; requests take `delay` ms of virtual time. */
function world(opts: { refreshFails?: 'unauthorized' | 'internal' | 'network'; refreshDelay?: number } = {}) {
  const scheduler = new VirtualScheduler();
  let current = 'token-0';
  let valid = 'token-0';
  let generation = 0;
  const logouts: string[] = [];
  const refreshLockStates: number[] = [];
  let lock!: TokenLock;
  lock = createTokenLock({
    scheduler,
    config: DEFAULT_CONFIG,
    getToken: () => current,
    refresh: async () => {
      refreshLockStates.push(lock.state());
      await scheduler.sleep(opts.refreshDelay ?? 300);
      if (opts.refreshFails === 'unauthorized') throw new ApiError(401, 'refresh token expired', '/api/user/refresh');
      if (opts.refreshFails === 'internal') throw new ApiError(500, 'boom', '/api/user/refresh');
      if (opts.refreshFails === 'network') throw new NetworkError();
      generation++;
      valid = `token-${generation}`;
      current = valid;
    },
    onLoggedOut: (reason) => {
      logouts.push(reason);
    },
  });
  const call = (delay: number) =>
    lock.run(async (token) => {
      await scheduler.sleep(delay);
      if (token !== valid) throw new ApiError(401, 'unauthorized', '/api/user/me');
      return token;
    });
  return {
    scheduler,
    lock,
    logouts,
    refreshLockStates,
    call,
    expire: () => {
      valid = `expired-${generation}`;
    },
  };
}

describe('token lock', () => {
  // spec transactions §4 "User token lock": N requests hitting 401 together cause exactly one refresh
  it('property: N concurrent 401s → exactly one refresh, all N succeed with the new token', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 2500 }), { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 3000 }), async (delays, refreshDelay) => {
        const w = world({ refreshDelay });
        w.expire();
        const results = await w.scheduler.run(Promise.allSettled(delays.map((d) => w.call(d))));
        expect(w.lock.refreshCount()).toBe(1);
        expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual(delays.map(() => 'token-1'));
        expect(w.logouts).toEqual([]);
        expect(w.lock.state()).toBe(0);
      }),
      { numRuns: 60 },
    );
  });

  // spec transactions §4, §8: refresh fails → silent logout once, all requests fail
  it('property: when the refresh fails, all N fail and the logout happens once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 2500 }), { minLength: 1, maxLength: 12 }),
        fc.constantFrom('unauthorized' as const, 'internal' as const),
        async (delays, how) => {
          const w = world({ refreshFails: how });
          w.expire();
          const results = await w.scheduler.run(Promise.allSettled(delays.map((d) => w.call(d))));
          expect(w.lock.refreshCount()).toBe(1);
          expect(results.every((r) => r.status === 'rejected')).toBe(true);
          expect(w.logouts).toEqual([how === 'unauthorized' ? MESSAGES.tokenRefreshUnauthorized : MESSAGES.tokenRefreshInternal]);
          expect(w.lock.state()).toBeLessThan(0);
        },
      ),
      { numRuns: 60 },
    );
  });

  // spec transactions §4: while refreshing, tasks wait 1 second and retry
  it('waiting calls poll every tokenLockRetryMs through the scheduler', async () => {
    const w = world({ refreshDelay: 2500 });
    w.expire();
    const first = w.call(0);
    const second = w.call(10);
    await w.scheduler.advance(20);
    expect(w.lock.state()).toBeGreaterThan(0);
    await w.scheduler.advance(2500); // refresh done at 2500; the waiter polls at 1000-step marks
    await w.scheduler.advance(DEFAULT_CONFIG.queue.tokenLockRetryMs);
    await expect(first).resolves.toBe('token-1');
    await expect(second).resolves.toBe('token-1');
  });

  // #5713 #4528: the attempt counter resets after a successful refresh; a second expiry is refreshed again
  it('#5713 #4528: a second and third expiry are refreshed too (max attempts 1), no logout', async () => {
    const w = world();
    for (let n = 1; n <= 3; n++) {
      w.expire();
      await expect(w.scheduler.run(w.call(50))).resolves.toBe(`token-${n}`);
    }
    expect(w.lock.refreshCount()).toBe(3);
    expect(w.logouts).toEqual([]);
  });

  // the refresh call never goes through the lock: it runs while the lock is refreshing and does not wait for it
  it('the refresh call runs outside the lock (no loop)', async () => {
    const w = world();
    w.expire();
    await w.scheduler.run(w.call(0));
    expect(w.refreshLockStates).toEqual([1]);
  });

  // spec transactions §4: refresh only when auto-refresh is enabled
  it('with autoRefreshTokens off a 401 is passed through, no refresh', async () => {
    const scheduler = new VirtualScheduler();
    let refreshed = 0;
    const lock = createTokenLock({
      scheduler,
      config: createConfig({ user: { autoRefreshTokens: false } }),
      getToken: () => 't',
      refresh: async () => {
        refreshed++;
      },
      onLoggedOut: () => undefined,
    });
    await expect(lock.run(async () => Promise.reject(new ApiError(401, 'x')))).rejects.toMatchObject({ status: 401 });
    expect(refreshed).toBe(0);
  });

  // #3151: failures are recognised by status, not message text; other statuses pass through untouched
  it('a non-401 error passes through without a refresh; a guest (no token) 401 does not refresh', async () => {
    const w = world();
    await expect(w.lock.run(async () => Promise.reject(new ApiError(403, 'unauthorized token')))).rejects.toMatchObject({ status: 403 });
    expect(w.lock.refreshCount()).toBe(0);
    const guest = createTokenLock({
      scheduler: w.scheduler,
      config: DEFAULT_CONFIG,
      getToken: () => '',
      refresh: async () => undefined,
      onLoggedOut: () => undefined,
    });
    await expect(guest.run(async () => Promise.reject(new ApiError(401, 'x')))).rejects.toMatchObject({ status: 401 });
    expect(guest.refreshCount()).toBe(0);
  });

  it('a refresh that finds no network frees the lock and keeps the session', async () => {
    const w = world({ refreshFails: 'network' });
    w.expire();
    await expect(w.scheduler.run(w.call(0))).rejects.toBeInstanceOf(NetworkError);
    expect(w.logouts).toEqual([]);
    expect(w.lock.state()).toBe(0);
  });

  it('waiting calls fail with the refresh error key when the refresh fails', async () => {
    const w = world({ refreshFails: 'unauthorized', refreshDelay: 1500 });
    w.expire();
    const calls = [w.call(0), w.call(100)];
    const settled = await w.scheduler.run(Promise.allSettled(calls));
    for (const s of settled) {
      expect(s.status).toBe('rejected');
      const reason = (s as PromiseRejectedResult).reason;
      expect(isShopError(reason) && reason.key).toBe(MESSAGES.tokenRefreshUnauthorized);
    }
  });
});
