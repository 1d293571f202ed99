import { describe, expect, it, vi } from 'vitest';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createHandler, Router } from './http';
import { limitedErrorLog } from '../../adapters/common/log-limit';
import { startTestBackend, trickleUntilClosed } from './test-helpers';

type Line = Record<string, unknown> & { level: number; msg: string; reqId?: string; status?: number; url?: string; err?: { stack: string } };

/** a pino logger at info whose JSON lines the test reads */
function captured(): { lines: Line[]; logger: pino.Logger } {
  const lines: Line[] = [];
  return { lines, logger: pino({ name: 'backend', level: 'info' }, { write: (l: string) => void lines.push(JSON.parse(l) as Line) }) };
}

describe('backend logs', () => {
  it('a client cut off for trickling its upload is one 408 request line, and one that leaves mid-upload one 400 line: no error, no stack', async () => {
    const { lines, logger } = captured();
    const be = await startTestBackend({ requestTimeoutMs: 1000, logger });
    const posts = () => lines.filter((l) => l.msg === 'request' && l.method === 'POST');
    try {
      const { port } = new URL(be.url);
      await trickleUntilClosed(be.url);
      await vi.waitFor(() => expect(posts()).toHaveLength(1), { timeout: 10_000 });
      const gone = connect(Number(port), '127.0.0.1');
      gone.on('error', () => undefined);
      gone.resume();
      gone.write('POST /api/cart/update HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
      // a request answered after this one was sent shows the server has read its headers; then the client leaves
      await new Promise<void>((resolve) => gone.once('ready', () => resolve()));
      await vi.waitFor(async () => expect((await be.call('GET', '/')).status).toBe(200));
      gone.destroy();
      await vi.waitFor(() => expect(posts()).toHaveLength(2), { timeout: 10_000 });
      expect(posts()[0]).toMatchObject({ level: 30, url: '/api/cart/create', status: 408, problem: expect.stringMatching(/^the request body did not arrive in time/) });
      expect(posts()[1]).toMatchObject({ level: 30, url: '/api/cart/update', status: 400, problem: expect.stringMatching(/^the client closed its connection before its body arrived/) });
      expect(lines.filter((l) => l.level >= 40 || l.err !== undefined || (l.status ?? 0) >= 500)).toEqual([]);
    } finally {
      await be.close();
    }
  });

  it('200 requests failing with the same error: 200 request lines, and its stack once then a count (through the same logger)', async () => {
    const { lines, logger } = captured();
    const logError = limitedErrorLog(logger, () => 0);
    const router = new Router().get('/', () => {
      throw new Error('SQLITE_IOERR: disk I/O error');
    });
    const server = createServer(createHandler(router, { logger, logError }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const get = (i: number) =>
        new Promise<number>((resolve, reject) => {
          request({ host: '127.0.0.1', port, path: `/?i=${i}`, agent: false, headers: { 'x-request-id': `req-${i}` } }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          }).on('error', reject).end();
        });
      const statuses: number[] = [];
      for (let i = 0; i < 200; i++) statuses.push(await get(i));
      expect(new Set(statuses)).toEqual(new Set([500]));
      logError.flush();
      const errors = lines.filter((l) => l.level === 50);
      expect(errors).toHaveLength(2);
      // the first names the request it came from, with the stack
      expect(errors[0]).toMatchObject({ msg: '500 on GET /', reqId: 'req-0' });
      expect(errors[0]!.err!.stack).toMatch(/^Error: SQLITE_IOERR: disk I\/O error\n\s+at /);
      expect(errors[1]).toMatchObject({ msg: '500 on GET / (the same error 199 more times in 1 s)', repeats: 199, detail: 'Error: SQLITE_IOERR: disk I/O error' });
      const requests = lines.filter((l) => l.msg === 'request');
      expect(requests).toHaveLength(200);
      expect(requests.every((l, i) => l.reqId === `req-${i}` && l.status === 500 && l.url === `/?i=${i}` && typeof l.ms === 'number')).toBe(true);
    } finally {
      server.close();
    }
  });

  it("keeps a safe X-Request-Id (answered and logged as it came), and replaces a hostile one by a UUID that is answered and logged instead", async () => {
    const { lines, logger } = captured();
    const be = await startTestBackend({ logger });
    try {
      const kept = await be.call('GET', '/', undefined, { 'x-request-id': 'lb-1.a_B-9' });
      expect(kept.headers.get('x-request-id')).toBe('lb-1.a_B-9');
      // a header cannot carry a newline; a too-long id and a non-ASCII (latin1 on the wire) one are replaced
      for (const hostile of ['x'.repeat(10_000), 'caf\u00e9', 'a b', 'x'.repeat(65)]) {
        const answer = await be.call('GET', '/', undefined, { 'x-request-id': hostile });
        const id = answer.headers.get('x-request-id');
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(lines.filter((l) => l.msg === 'request').at(-1)!.reqId).toBe(id);
      }
      const logged = lines.map((l) => JSON.stringify(l)).join('\n');
      expect(logged).not.toContain('xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx');
      expect(logged).not.toMatch(/caf|a b/);
      expect(lines.filter((l) => l.msg === 'request').map((l) => l.reqId)[0]).toBe('lb-1.a_B-9');
      // without one: a new id, answered
      expect((await be.call('GET', '/')).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await be.close();
    }
  });
});
