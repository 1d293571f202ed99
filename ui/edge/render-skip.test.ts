/**
 * a request whose client closed its connection while the render waited for its turn
 * (the render gate, p-limit) is not rendered: under overload every abandoned render cost a whole render's CPU and lengthened the
 * queue behind it. Seen through the output cache: a rendered 200 page is kept, a skipped one is not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { startTestShops, type TestShops } from '../../test-fixtures/storefront';
import { LruOutputCache } from './lru-output-cache';
import type { RunningStorefront } from '../server';
import pLimit from 'p-limit';
import { rawRequest } from '../../test-fixtures/raw-http';

let shops: TestShops;
let shop: RunningStorefront;
const gate = pLimit(1);
const cache = new LruOutputCache(10, { now: () => Date.now() });

beforeAll(async () => {
  shops = await startTestShops({ entry: '' });
  shop = await shops.start({ outputCache: cache, renderGate: gate });
}, 60_000);
afterAll(() => shops?.close());

describe('a render whose client has gone', () => {
  it('is skipped when its turn comes; the next in line is rendered and answered', async () => {
    const { port } = new URL(shop.url);
    // the only place is taken until the test lets go
    let release!: () => void;
    const held = gate(() => new Promise<void>((resolve) => (release = resolve)));
    // a client that asks for the category page, waits in line, and gives up
    const leaving = connect(Number(port), '127.0.0.1');
    leaving.write(`GET /inpakpapier/kerst HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept-Encoding: gzip\r\n\r\n`);
    await expect.poll(() => gate.pendingCount, { timeout: 20_000 }).toBe(1);
    const closed = new Promise((resolve) => leaving.once('close', resolve));
    leaving.end();
    await closed;
    // a client that stays, behind it in line: by the time its load is in, the server has read the other one's close
    const staying = rawRequest(shop.url, '/about-us');
    await expect.poll(() => gate.pendingCount, { timeout: 20_000 }).toBe(2);
    release();
    await held;
    const answer = await staying;
    expect(answer.status).toBe(200);
    expect(answer.headers['x-output-cache']).toBe('miss');
    // the page the staying client asked for was rendered (and kept); the one of the client that left was not
    expect(await cache.get(`nl-NL http://127.0.0.1:${port} /about-us`)).toBeDefined();
    expect(await cache.get(`nl-NL http://127.0.0.1:${port} /inpakpapier/kerst`)).toBeUndefined();
    expect([gate.activeCount, gate.pendingCount]).toEqual([0, 0]);
  }, 60_000);
});
