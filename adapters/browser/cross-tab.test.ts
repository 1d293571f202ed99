import { describe, expect, it, vi } from 'vitest';
import type { CrossTabMessage } from '../../core/ports/cross-tab';
import { BroadcastCrossTab, type StorageEventHost } from './broadcast-cross-tab';
import { WebLocks, type LockManagerLike } from './web-locks';

const next = (tab: BroadcastCrossTab) => new Promise<CrossTabMessage>((resolve) => tab.messages$.subscribe(resolve));

// the adapters against the real BroadcastChannel of Node (the same API the browser has)
describe('BroadcastCrossTab', () => {
  it('delivers a message to the other tabs, never back to the sender, and drops what is not a shop message', async () => {
    const name = `test-${process.pid}-${Date.now()}`;
    const a = new BroadcastCrossTab(name);
    const b = new BroadcastCrossTab(name);
    const own: CrossTabMessage[] = [];
    a.messages$.subscribe((m) => own.push(m));
    const got: CrossTabMessage[] = [];
    b.messages$.subscribe((m) => got.push(m));
    const raw = new BroadcastChannel(name);
    raw.postMessage({ topic: 'not-a-topic' });
    raw.postMessage('garbage');
    const arrived = next(b);
    a.publish({ topic: 'orders', data: { orderId: 'o-1', placed: true } });
    expect(await arrived).toEqual({ topic: 'orders', data: { orderId: 'o-1', placed: true } });
    // a last shop message from the sender of the garbage: a channel delivers one sender's messages in order, so once
    // it is here the garbage before it was read (and dropped)
    const last = new Promise<void>((resolve) => b.messages$.subscribe((m) => (JSON.stringify(m).includes('o-2') ? resolve() : undefined)));
    raw.postMessage({ topic: 'orders', data: { orderId: 'o-2', placed: true } });
    await last;
    expect(got).toEqual([
      { topic: 'orders', data: { orderId: 'o-1', placed: true } },
      { topic: 'orders', data: { orderId: 'o-2', placed: true } },
    ]);
    // the sender heard the other channel's message, never its own
    await vi.waitFor(() => expect(own).toEqual([{ topic: 'orders', data: { orderId: 'o-2', placed: true } }]));
    raw.close();
    a.close();
    b.close();
  });

  it('without BroadcastChannel, falls back to a localStorage key whose storage event the other tabs get', () => {
    // two "tabs" of one origin: a write in one fires `storage` in the others, as browsers do
    const listeners: Array<{ owner: number; fn: (e: { key: string | null; newValue: string | null }) => void }> = [];
    const host = (owner: number): StorageEventHost => ({
      addEventListener: (_t, fn) => listeners.push({ owner, fn }),
      localStorage: {
        setItem: (key, value) => {
          for (const l of listeners) if (l.owner !== owner) l.fn({ key, newValue: value });
        },
      },
    });
    const a = new BroadcastCrossTab('fallback', { host: host(1) });
    const b = new BroadcastCrossTab('fallback', { host: host(2) });
    const got: CrossTabMessage[] = [];
    b.messages$.subscribe((m) => got.push(m));
    a.publish({ topic: 'cart' });
    a.publish({ topic: 'cart' });
    for (const l of listeners) l.fn({ key: 'other-key', newValue: '{"m":{"topic":"cart"}}' });
    expect(got).toEqual([{ topic: 'cart' }, { topic: 'cart' }]);
  });
});

describe('WebLocks', () => {
  it('runs through navigator.locks when there is one (the callback holds the lock until it settles)', async () => {
    const calls: string[] = [];
    const manager: LockManagerLike = {
      request: async (name, options, cb) => {
        calls.push(`${name}:${options.mode}`);
        return cb();
      },
    };
    const locks = new WebLocks(manager);
    expect(await locks.exclusive('shop:cart', async () => 42)).toBe(42);
    expect(calls).toEqual(['shop:cart:exclusive']);
  });

  it('without the API, runs one holder at a time within the page', async () => {
    const locks = new WebLocks(undefined);
    const order: string[] = [];
    let release!: () => void;
    const first = locks.exclusive('x', () => new Promise<void>((r) => (release = () => { order.push('first done'); r(); })));
    const second = locks.exclusive('x', async () => void order.push('second'));
    // a turn of the event loop: every queued promise callback ran, and the second holder still waits
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual([]);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first done', 'second']);
  });
});
