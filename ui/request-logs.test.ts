import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { startTestBackend, type TestBackend } from '../test-fixtures/backend/test-helpers';
import { rawRequest } from '../test-fixtures/raw-http';
import { freePort, SERVER } from '../test-fixtures/storefront-process';
import { logLevel } from '../adapters/common/json-logs';
import { createConfig } from '../core/config';
import { startStorefront, type RunningStorefront } from './server';

// The storefront's and the demo backend's JSON logs, both servers real on 127.0.0.1, their pino loggers writing into
// arrays this test reads: one line per request with its id, the same id on the API's lines for the calls it caused.

type Line = Record<string, unknown> & { level: number; msg: string; name: string; reqId?: string; url?: string; status?: number; method?: string };

function captured(name: string, level = 'info'): { lines: Line[]; logger: pino.Logger } {
  const lines: Line[] = [];
  return { lines, logger: pino({ name, level }, { write: (l: string) => void lines.push(JSON.parse(l) as Line) }) };
}

const CATEGORY = '/inpakpapier/kerst';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const clientDir = mkdtempSync(join(tmpdir(), 'request-logs-client-'));
const requests = (lines: Line[]) => lines.filter((l) => l.msg === 'request');
/** a storefront on `apiUrl` whose renders wait for the API as long as a loaded test machine may need (a cold first render) */
const storefront = (apiUrl: string, logger: pino.Logger) =>
  startStorefront({ port: 0, host: '127.0.0.1', apiUrl, clientDir, logger, config: createConfig({ api: { url: apiUrl }, search: { serverTimeoutMs: 10_000 } }) });

let backend: TestBackend;
let shop: RunningStorefront;
const api = captured('backend');
const front = captured('storefront');

beforeAll(async () => {
  backend = await startTestBackend({ logger: api.logger });
  shop = await storefront(backend.url, front.logger);
}, 60_000);

afterAll(async () => {
  await shop?.close();
  await backend?.close();
});

describe('request logs and request ids', () => {
  it("a page request's id is answered, is on its one storefront line, and is on the backend's line of every API call its render made", async () => {
    const apiBefore = api.lines.length;
    const frontBefore = front.lines.length;
    const answer = await rawRequest(shop.url, CATEGORY, { headers: { 'X-Request-Id': 'lb-page.1_A' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['x-request-id']).toBe('lb-page.1_A');

    const mine = requests(front.lines.slice(frontBefore));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ name: 'storefront', level: 30, reqId: 'lb-page.1_A', method: 'GET', url: CATEGORY, status: 200 });
    expect(typeof mine[0]!.ms).toBe('number');

    // the render asked the API (the first render of this API: nothing was in the read cache), every call with the id
    const calls = requests(api.lines.slice(apiBefore));
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.map((l) => l.reqId)).toEqual(calls.map(() => 'lb-page.1_A'));
    expect(calls.every((l) => String(l.url).startsWith('/api/') && l.status === 200)).toBe(true);
  });

  it('the /api pass-through sends the id on; a request without one gets a new id, answered and passed on', async () => {
    const apiBefore = api.lines.length;
    const answer = await rawRequest(shop.url, '/api/stock/check?sku=none', { headers: { 'X-Request-Id': 'lb-api-2' } });
    expect(answer.headers['x-request-id']).toBe('lb-api-2');
    expect(requests(api.lines.slice(apiBefore))).toEqual([expect.objectContaining({ reqId: 'lb-api-2', url: '/api/stock/check?sku=none', status: answer.status })]);
    expect(requests(front.lines).at(-1)).toMatchObject({ reqId: 'lb-api-2', url: '/api/stock/check?sku=none', status: answer.status });

    const fresh = await rawRequest(shop.url, '/api/stock/check?sku=none');
    const id = fresh.headers['x-request-id'];
    expect(id).toMatch(UUID);
    expect(requests(front.lines).at(-1)!.reqId).toBe(id);
    expect(requests(api.lines).at(-1)!.reqId).toBe(id);
  });

  it('a hostile X-Request-Id (a newline, 10 KB, non-ASCII, a space, a path) is replaced by a new id: never answered, logged or passed on as it came', async () => {
    const hostile = ['evil\nX-Injected: 1', 'x'.repeat(10 * 1024), 'café-ünïcode-日本', 'two words', '../../etc/passwd', 'x'.repeat(65)];
    for (const value of hostile) {
      const apiBefore = api.lines.length;
      const frontBefore = front.lines.length;
      const answer = await rawRequest(shop.url, '/api/stock/check?sku=none', { headers: { 'X-Request-Id': value } });
      expect(answer.headers['x-injected']).toBeUndefined();
      if (value.includes('\n')) {
        // a header line broken by a newline is not HTTP: node's parser answers 400 before any handler, nothing is logged
        expect(answer.status).toBe(400);
        expect(answer.headers['x-request-id']).toBeUndefined();
        expect([...front.lines.slice(frontBefore), ...api.lines.slice(apiBefore)]).toEqual([]);
        continue;
      }
      expect(answer.status).toBeLessThan(500);
      const id = answer.headers['x-request-id'];
      expect(id, JSON.stringify(value.slice(0, 30))).toMatch(UUID);
      expect(requests(front.lines.slice(frontBefore)).map((l) => l.reqId)).toEqual([id]);
      expect(requests(api.lines.slice(apiBefore)).map((l) => l.reqId)).toEqual([id]);
    }
    const everything = [...front.lines, ...api.lines].map((l) => JSON.stringify(l)).join('\n');
    for (const part of ['X-Injected', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'café', 'ünïcode', 'two words', 'passwd']) expect(everything).not.toContain(part);
  });

  it('the API down: every /api call is its 503 request line, and the failure one error line with its stack, not a stack per call', async () => {
    const lines = captured('storefront');
    const sf = await storefront(`http://127.0.0.1:${await freePort()}`, lines.logger);
    try {
      for (let i = 0; i < 20; i++) expect((await rawRequest(sf.url, `/api/stock/check?sku=n${i}`)).status).toBe(503);
      expect(requests(lines.lines).map((l) => l.status)).toEqual(Array(20).fill(503));
      const problems = lines.lines.filter((l) => l.level >= 40);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatchObject({ level: 50, msg: '[api pass-through] API unreachable', reqId: requests(lines.lines)[0]!.reqId, err: { code: 'ECONNREFUSED' } });
    } finally {
      await sf.close();
    }
  });

  it('LOG_LEVEL=warn: no request lines from either server', async () => {
    const quietApi = captured('backend', 'warn');
    const quietFront = captured('storefront', 'warn');
    const be = await startTestBackend({ logger: quietApi.logger });
    const sf = await storefront(be.url, quietFront.logger);
    try {
      expect((await rawRequest(sf.url, CATEGORY)).status).toBe(200);
      expect((await rawRequest(sf.url, '/api/stock/check?sku=none')).status).toBeLessThan(500);
      expect(requests(quietFront.lines)).toEqual([]);
      expect(requests(quietApi.lines)).toEqual([]);
    } finally {
      await sf.close();
      await be.close();
    }
  });

  it("a worker's warm-up renders are debug lines, not request lines at info; the first shopper's request is", async () => {
    const own = captured('storefront');
    const warm = await startStorefront({ port: 0, host: '127.0.0.1', apiUrl: backend.url, clientDir, logger: own.logger, warmUp: { renders: 3, maxMs: 30_000 }, config: createConfig({ api: { url: backend.url }, search: { serverTimeoutMs: 10_000 } }) });
    try {
      expect(warm.warmedUp?.renders).toBeGreaterThan(0);
      expect(requests(own.lines)).toEqual([]);
      await rawRequest(warm.url, CATEGORY);
      expect(requests(own.lines)).toEqual([expect.objectContaining({ level: 30, url: CATEGORY, status: 200 })]);
    } finally {
      await warm.close();
    }
  }, 60_000);
});

describe('LOG_LEVEL', () => {
  it('is one of pino\'s levels (any case, blank: info); anything else is refused with the levels named', () => {
    expect(logLevel(undefined)).toBe('info');
    expect(logLevel('')).toBe('info');
    expect(logLevel('WARN')).toBe('warn');
    expect(logLevel('silent')).toBe('silent');
    expect(() => logLevel('verbose')).toThrow('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; not "verbose"');
  });

  // the built servers (node scripts/build.mjs), as npm start runs them
  it.each([
    ['storefront', SERVER],
    ['backend', SERVER.replace(/server\.mjs$/, 'backend.mjs')],
  ])('a bad LOG_LEVEL stops the %s at start with a line saying so (exit 1)', async (name, file) => {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`node scripts/build.mjs\` first`);
    const { NODE_ENV: _testEnv, ...parent } = process.env;
    const child = spawn(process.execPath, [file], { env: { ...parent, LOG_LEVEL: 'loud', PORT: '1', API_PORT: '1', DATA_DIR: ':memory:' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += String(d)));
    child.stderr!.on('data', (d: Buffer) => (out += String(d)));
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(1);
    const line = JSON.parse(out.trim().split('\n')[0]!) as Line;
    expect(line).toMatchObject({ level: 60, name, msg: `${name} not started: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; not "loud"` });
  }, 30_000);
});
