import { describe, expect, it, vi } from 'vitest';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createHandler, Router } from './http';
import { RepeatLimiter } from '../../adapters/common/log-limit';
import { startTestBackend, trickleUntilClosed } from './test-helpers';

const STACK = /\n\s+at /;

describe('backend logs', () => {
  it('a client cut off for trickling its upload is one 408 line, and one that leaves mid-upload one 400 line: no 500, no stack', async () => {
    const lines: string[] = [];
    const be = await startTestBackend({ requestTimeoutMs: 1000, log: (m) => lines.push(m) });
    try {
      const { port } = new URL(be.url);
      await trickleUntilClosed(be.url);
      await vi.waitFor(() => expect(lines).toHaveLength(1), { timeout: 10_000 });
      const gone = connect(Number(port), '127.0.0.1');
      gone.on('error', () => undefined);
      gone.resume();
      gone.write('POST /api/cart/update HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
      // a request answered after this one was sent shows the server has read its headers; then the client leaves
      await new Promise<void>((resolve) => gone.once('ready', () => resolve()));
      await vi.waitFor(async () => expect((await be.call('GET', '/')).status).toBe(200));
      gone.destroy();
      await vi.waitFor(() => expect(lines).toHaveLength(2), { timeout: 10_000 });
      expect(lines[0]).toMatch(/^408 on POST \/api\/cart\/create: the request body did not arrive in time/);
      expect(lines[1]).toMatch(/^400 on POST \/api\/cart\/update: the client closed its connection before its body arrived/);
      expect(lines.filter((l) => STACK.test(l) || l.startsWith('500'))).toEqual([]);
    } finally {
      await be.close();
    }
  });

  it('200 requests failing with the same error write its stack once and then a count', async () => {
    const lines: string[] = [];
    const limiter = new RepeatLimiter((m) => lines.push(m), () => 0);
    const router = new Router().get('/', () => {
      throw new Error('SQLITE_IOERR: disk I/O error');
    });
    const server = createServer(createHandler(router, (key, line) => limiter.log(key, line)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const get = (i: number) =>
        new Promise<number>((resolve, reject) => {
          request({ host: '127.0.0.1', port, path: `/?i=${i}`, agent: false }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          }).on('error', reject).end();
        });
      const statuses: number[] = [];
      for (let i = 0; i < 200; i++) statuses.push(await get(i));
      expect(new Set(statuses)).toEqual(new Set([500]));
      limiter.flush();
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/^500 on GET \/\?i=0: Error: SQLITE_IOERR: disk I\/O error\n\s+at /);
      expect(lines[1]).toBe('500 on GET /?i=0: Error: SQLITE_IOERR: disk I/O error (the same error 199 more times in 1 s)');
    } finally {
      server.close();
    }
  });

  it('an error is written again, with the count of its repeats, once an interval has passed; other errors are their own', () => {
    let t = 0;
    const lines: string[] = [];
    const limiter = new RepeatLimiter((m) => lines.push(m), () => t, 10_000);
    for (let i = 0; i < 5; i++) limiter.log('a', 'A failed');
    limiter.log('b', 'B failed');
    t = 10_000;
    limiter.log('a', 'A failed');
    limiter.log('a', 'A failed');
    limiter.flush();
    expect(lines).toEqual(['A failed', 'B failed', 'A failed (the same error 4 more times in 10 s)', 'A failed', 'A failed (the same error 1 more time in 1 s)']);
  });
});
