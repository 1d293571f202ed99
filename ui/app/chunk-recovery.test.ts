import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_KEY, RELOAD_GUARD_MS, isChunkLoadError, recoverChunk, reloadOnceForChunk, type ReloadDeps } from './chunk-recovery';

function deps(start = 1_000_000) {
  const stored = new Map<string, string>();
  const log: string[] = [];
  let now = start;
  let reloads = 0;
  const d: ReloadDeps = {
    storage: { getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => void stored.set(k, v) },
    reload: () => void reloads++,
    now: () => now,
    log: { warn: (m: string) => void log.push(`warn ${m}`), error: (m: string) => void log.push(`error ${m}`) },
  };
  return { d, log, stored, reloads: () => reloads, advance: (ms: number) => void (now += ms) };
}

const gone = new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/dist/chunks/ContactPage-AB12.js');

describe('a chunk gone after a deploy reloads the tab once', () => {
  it('knows the chunk load errors of Chromium, Firefox and Safari, and nothing else', () => {
    expect(isChunkLoadError(gone)).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /dist/chunks/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError(new Error('Request failed with status code 503'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it('one reload, logged; a second chunk error within the guard is logged as an error without reloading; after it, one more', () => {
    const t = deps();
    expect(reloadOnceForChunk(gone, t.d)).toBe(true);
    expect(t.reloads()).toBe(1);
    expect(t.stored.get(CHUNK_RELOAD_KEY)).toBe('1000000');
    t.advance(RELOAD_GUARD_MS - 1);
    expect(reloadOnceForChunk(gone, t.d)).toBe(false);
    expect(t.reloads()).toBe(1);
    t.advance(1);
    expect(reloadOnceForChunk(gone, t.d)).toBe(true);
    expect(t.reloads()).toBe(2);
    expect(t.log.map((l) => l.split(' ')[0])).toEqual(['warn', 'error', 'warn']);
  });

  it('offline a failed chunk is the network\'s: no reload (it would show the browser\'s error page), logged; online again it reloads', () => {
    const t = deps();
    let online = false;
    const d = { ...t.d, online: () => online };
    expect(reloadOnceForChunk(gone, d)).toBe(false);
    expect(t.reloads()).toBe(0);
    expect(t.stored.has(CHUNK_RELOAD_KEY)).toBe(false);
    expect(t.log).toEqual([expect.stringMatching(/^warn \[chunks\] .*offline/)]);
    online = true;
    expect(reloadOnceForChunk(gone, d)).toBe(true);
    expect(t.reloads()).toBe(1);
  });

  it('other errors, no sessionStorage (no guard) or no browser: no reload', () => {
    const t = deps();
    expect(reloadOnceForChunk(new Error('boom'), t.d)).toBe(false);
    expect(reloadOnceForChunk(gone, { ...t.d, storage: undefined })).toBe(false);
    expect(reloadOnceForChunk(gone, undefined)).toBe(false);
    expect(t.reloads()).toBe(0);
  });

  it('a failed chunk load reloads only when the shop answers: no connection fails the caller (its offline path), whatever navigator.onLine says', async () => {
    const t = deps();
    let reachable = false;
    const d = { ...t.d, online: () => true, reachable: async () => reachable };
    await expect(recoverChunk(Promise.reject(gone), d)).rejects.toBe(gone);
    expect(t.reloads()).toBe(0);
    expect(t.stored.has(CHUNK_RELOAD_KEY)).toBe(false);
    expect(t.log).toEqual([expect.stringMatching(/^warn \[chunks\] .*offline/)]);
    // the shop answers: the chunk is gone with an old build, one reload (the load never settles: the page goes)
    reachable = true;
    let settled = false;
    const reloaded = new Promise<void>((resolve) => void (d.reload = resolve));
    void recoverChunk(Promise.reject(gone), d).finally(() => (settled = true));
    await reloaded;
    expect(settled).toBe(false);
    // other errors pass through without asking
    const boom = new Error('boom');
    await expect(recoverChunk(Promise.reject(boom), { ...d, reachable: async () => Promise.reject(new Error('never asked')) })).rejects.toBe(boom);
  });
});
