import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, request, type Server } from 'node:http';
import { connect, createServer as createNetServer, type Socket } from 'node:net';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestBackend, type TestBackend } from '../test-fixtures/backend/test-helpers';
import { freePort, SERVER, startShopProcess as startShop } from '../test-fixtures/storefront-process';
import { rawRequest } from '../test-fixtures/raw-http';
import { bootModules } from '../test-fixtures/boot-document';
import fc from 'fast-check';
import { edgeAnswerProblem, edgeRequestArbitrary, sendEdgeRequest } from '../test-fixtures/edge-fuzz';

// The built server as `npm start` runs it (dist/server.mjs, cluster of workers): React's production build, head before
// body, graceful shutdown on SIGTERM. Needs `node scripts/build.mjs` first (npm test builds).

const CATEGORY = '/inpakpapier/kerst';

let backend: TestBackend;
let slowApi: Server;
let slowDelayMs = 0;
/** called when a request reaches the slow API (the storefront is then rendering the page that asked for it) */
let onSlowApiRequest: (() => void) | undefined;

/** The demo backend behind a pass-through that can hold every answer back (a slow API). */
async function startSlowApi(target: string): Promise<{ server: Server; url: string }> {
  const t = new URL(target);
  const server = createServer((req, res) => {
    onSlowApiRequest?.();
    setTimeout(() => {
      const up = request({ hostname: t.hostname, port: t.port, path: req.url, method: req.method, headers: req.headers }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      up.on('error', () => res.destroy());
      req.pipe(up);
    }, slowDelayMs);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

beforeAll(async () => {
  backend = await startTestBackend();
  const slow = await startSlowApi(backend.url);
  slowApi = slow.server;
  (globalThis as { slowApiUrl?: string }).slowApiUrl = slow.url;
}, 60_000);

afterAll(async () => {
  await new Promise((r) => slowApi?.close(r));
  await backend?.close();
});

describe('the production server process (dist/server.mjs)', () => {
  it("runs React's production build in every worker of the cluster, never a *.development.js module", async () => {
    const report = join(mkdtempSync(join(tmpdir(), 'shop-modules-')), 'modules');
    // each worker writes the modules that ran in it when it exits (test-fixtures/report-modules.cjs, preloaded)
    const preload = `--require ${fileURLToPath(new URL('../test-fixtures/report-modules.cjs', import.meta.url))}`;
    const NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} ${preload}`.trim();
    // the warm-up's count decides when it ends, not its time limit: a loaded machine renders slower
    const warmUp = { STOREFRONT_WARMUP_RENDERS: '8', STOREFRONT_WARMUP_MS: '600000' };
    const shop = await startShop({ API_URL: backend.url, WEB_CONCURRENCY: '2', STOREFRONT_REPORT_MODULES: report, NODE_OPTIONS, ...warmUp });
    try {
      const out = shop.output.join('');
      expect(out).toMatch(/2 workers, NODE_ENV=production/);
      // each worker rendered home, a category and a product before the shop listened
      const warmed = [...out.matchAll(/storefront worker \d+ warmed up: (\d+) renders of (\S+(?: \S+)*) in \d+ ms/g)];
      expect(warmed).toHaveLength(2);
      for (const [line, renders, pages] of warmed) {
        expect(out.indexOf(line)).toBeLessThan(out.indexOf('storefront listening'));
        expect(Number(renders)).toBeGreaterThanOrEqual(4);
        const found = pages!.split(' ');
        expect(found[0]).toBe('/');
        expect(found.some((p) => /^\/[a-z-]+$/.test(p)), `a category among ${pages}`).toBe(true);
        expect(found.some((p) => /\.html(\?|$)/.test(p)), `a product among ${pages}`).toBe(true);
      }
      // pages of every kind, so every lazily loaded module is in
      for (let i = 0; i < 4; i++) for (const p of ['/', CATEGORY, '/about-us', '/geen-pagina']) expect((await rawRequest(shop.url, p)).status).toBeLessThan(500);
    } finally {
      shop.child.kill('SIGTERM');
      expect(await shop.exited).toBe(0);
    }
    const files = readdirSync(join(report, '..')).filter((f) => f.startsWith('modules.'));
    expect(files).toHaveLength(2);
    for (const f of files) {
      const loaded = JSON.parse(readFileSync(join(report, '..', f), 'utf8')) as string[];
      expect(loaded.filter((m) => /\.development\.js$/.test(m))).toEqual([]);
      expect(loaded.some((m) => /react-dom[/\\]cjs[/\\]react-dom-server\.node\.production\.js$/.test(m)), 'react-dom/server production build loaded').toBe(true);
      expect(loaded.some((m) => /react[/\\]cjs[/\\]react\.production\.js$/.test(m)), 'react production build loaded').toBe(true);
    }
  }, 120_000);

  it('with the API down the warm-up stops at its first answer and the shop starts at once (503s, never a hang)', async () => {
    const closed = await freePort();
    const started = Date.now();
    const shop = await startShop({ API_URL: `http://127.0.0.1:${closed}`, WEB_CONCURRENCY: '1' });
    try {
      expect(shop.output.join('')).toMatch(/warmed up: 1 renders of no page in \d+ ms \(stopped: \/ answered 503\)/);
      expect(Date.now() - started).toBeLessThan(15_000);
      expect((await rawRequest(shop.url, CATEGORY)).status).toBe(503);
    } finally {
      shop.child.kill('SIGTERM');
      await shop.exited;
    }
  }, 60_000);

  it('inlines the stylesheet in the head, and names the JavaScript at the end', async () => {
    const shop = await startShop({ API_URL: backend.url, WEB_CONCURRENCY: '1' });
    try {
      const answer = await rawRequest(shop.url, CATEGORY);
      expect(answer.status).toBe(200);
      expect(answer.body.split('</head>')[0]).toMatch(/<style>/);
      expect(answer.body).toContain('<div id="app">');
      // the boot loader at the end asks for the entry and the category page's chunk after the first paint
      expect(answer.body).not.toContain('rel="modulepreload"');
      const modules = bootModules(answer.body);
      expect(modules[0]).toMatch(/^\/dist\/entry-client-[A-Z0-9]+\.js$/i);
      expect(modules.some((m) => /\/CategoryPage-[A-Z0-9]+\.js$/i.test(m))).toBe(true);
    } finally {
      shop.child.kill('SIGTERM');
      await shop.exited;
    }
  }, 90_000);

  it('SIGTERM: the request in flight is answered in full, then the process exits 0 and takes no new connections', async () => {
    const shop = await startShop({ API_URL: (globalThis as { slowApiUrl?: string }).slowApiUrl!, WEB_CONCURRENCY: '2' });
    slowDelayMs = 600;
    try {
      // SIGTERM once the page is being rendered: its API read has reached the (slow) API
      const rendering = new Promise<void>((resolve) => (onSlowApiRequest = resolve));
      const inFlight = rawRequest(shop.url, CATEGORY);
      await rendering;
      shop.child.kill('SIGTERM');
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(answer.body).toMatch(/<\/html>$/);
      expect(await shop.exited).toBe(0);
      await expect(rawRequest(shop.url, '/')).rejects.toThrow();
    } finally {
      slowDelayMs = 0;
      onSlowApiRequest = undefined;
      if (shop.child.exitCode === null) shop.child.kill('SIGKILL');
    }
  }, 90_000);

  it('a worker that dies is replaced, and the connections opened meanwhile and after are all answered', async () => {
    const shop = await startShop({ API_URL: backend.url, WEB_CONCURRENCY: '2' });
    try {
      const workerPids = () => spawnSync('ps', ['-o', 'pid=', '--ppid', String(shop.child.pid)], { encoding: 'utf8' }).stdout.trim().split(/\s+/).filter(Boolean).map(Number);
      const before = workerPids();
      expect(before).toHaveLength(2);
      process.kill(before[0]!, 'SIGKILL');
      const during = await Promise.all(Array.from({ length: 6 }, () => rawRequest(shop.url, '/')));
      expect(during.map((a) => a.status)).toEqual(Array(6).fill(200));
      for (let i = 0; i < 200 && !/another starts/.test(shop.output.join('')); i++) await new Promise((r) => setTimeout(r, 50));
      expect(shop.output.join('')).toMatch(/storefront worker \d+ died \(SIGKILL\); another starts in \d+ ms/);
      for (let i = 0; i < 200 && workerPids().filter((p) => !before.includes(p)).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      const after = await Promise.all(Array.from({ length: 6 }, () => rawRequest(shop.url, CATEGORY)));
      expect(after.map((a) => a.status)).toEqual(Array(6).fill(200));
    } finally {
      expect(await shop.stop()).toBe(0);
    }
  }, 90_000);

  it('a crash loop (every worker dies at start: the port is taken) stops the server with one clear line, after a short back-off', async () => {
    const taken = createNetServer().listen(0, '127.0.0.1');
    await new Promise((r) => taken.once('listening', r));
    const port = (taken.address() as { port: number }).port;
    try {
      const { NODE_ENV: _testEnv, ...parent } = process.env;
      const child = spawn(process.execPath, [SERVER], { env: { ...parent, HOST: '127.0.0.1', PORT: String(port), API_URL: backend.url, WEB_CONCURRENCY: '2', STOREFRONT_WARMUP_RENDERS: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout!.on('data', (d: Buffer) => (out += String(d)));
      child.stderr!.on('data', (d: Buffer) => (out += String(d)));
      const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
      expect(code).not.toBe(0);
      expect(out.match(/a crash loop, stopping/g)).toHaveLength(1);
      expect(out).toMatch(/another starts in 250 ms[\s\S]*another starts in 500 ms/);
    } finally {
      taken.close();
    }
  }, 60_000);

  it('node:cluster: connections reset at once, bytes that are not HTTP, half a request head and hostile requests take no process down and get no 5xx', async () => {
    const shop = await startShop({ API_URL: backend.url, WEB_CONCURRENCY: '2' });
    const held: Socket[] = [];
    try {
      const workerPids = () => spawnSync('ps', ['-o', 'pid=', '--ppid', String(shop.child.pid)], { encoding: 'utf8' }).stdout.trim().split(/\s+/).filter(Boolean).map(Number);
      const before = workerPids();
      expect(before).toHaveLength(2);
      const { hostname, port } = new URL(shop.url);
      const open = () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(Number(port), hostname, () => resolve(socket));
          socket.on('error', reject);
        });
      /** what the server writes back to `bytes` until it closes the connection (or 5 s pass) */
      const answerTo = async (bytes: string) => {
        const socket = await open();
        return new Promise<string>((resolve) => {
          let text = '';
          socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
          socket.on('error', () => undefined);
          socket.on('close', () => resolve(text));
          setTimeout(() => {
            socket.destroy();
            resolve(text);
          }, 5000).unref();
          socket.write(bytes, 'latin1');
        });
      };
      // 100 connections reset by the client as soon as they open
      await Promise.all(Array.from({ length: 100 }, async () => (await open()).resetAndDestroy()));
      // 20 that half-send a request head and stay (the workers' header timeout deals with them)
      for (let i = 0; i < 20; i++) {
        const socket = await open();
        socket.on('error', () => undefined);
        socket.write('GET /inpakpapier HTTP/1.1\r\nHost: x\r\nX-Slow: ');
        held.push(socket);
      }
      // bytes that are not HTTP: a TLS hello, NULs, a head of 100 KB
      const junk = ['\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03' + 'x'.repeat(64), '\0'.repeat(2048) + '\r\n\r\n', `GET /${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`];
      for (const bytes of junk) expect(await answerTo(bytes)).toMatch(/^(HTTP\/1\.1 4\d\d |$)/);
      // hostile methods, targets and headers (test-fixtures/edge-fuzz.ts), while those are held
      await fc.assert(
        fc.asyncProperty(edgeRequestArbitrary(), async (r) => {
          const answer = await sendEdgeRequest(shop.url, r);
          expect(edgeAnswerProblem(r, answer), `${r.method} ${r.target.slice(0, 200)} -> ${answer.head.split('\r\n')[0]}`).toBeUndefined();
        }),
        { numRuns: 60, seed: 20261126 },
      );
      // shoppers are served as before, by the same two workers
      const pages = await Promise.all(Array.from({ length: 6 }, () => rawRequest(shop.url, CATEGORY)));
      expect(pages.map((a) => a.status)).toEqual(Array(6).fill(200));
      expect(workerPids().sort()).toEqual(before.sort());
      expect(shop.output.join('')).not.toMatch(/died|could not|Error/);
    } finally {
      for (const socket of held) socket.destroy();
      expect(await shop.stop()).toBe(0);
    }
  }, 120_000);

  it('per-worker LRU caches: an /invalidate one worker answers reaches the other worker too', async () => {
    // node's round robin asked for: it alternates sequential connections for certain; the default hand-out (the
    // primary's fewest-open choice, ui/edge/connection-balancer.ts) decides on counts the workers report a turn later
    const shop = await startShop({ API_URL: backend.url, WEB_CONCURRENCY: '2', OUTPUT_CACHE: '1', INVALIDATE_KEY: 'lru-key-of-this-test', NODE_CLUSTER_SCHED_POLICY: 'rr' });
    try {
      // sequential connections go round-robin over the two workers: each renders the page once, then serves it
      const states = [];
      for (let i = 0; i < 4; i++) states.push((await rawRequest(shop.url, CATEGORY)).headers['x-output-cache']);
      expect(states).toEqual(['miss', 'miss', 'hit', 'hit']);
      const answer = await rawRequest(shop.url, '/invalidate?tag=layout&key=lru-key-of-this-test');
      expect(answer.status).toBe(200);
      // the next request of each worker finds its copy stale (one of them only heard of it from the other)
      const after = [(await rawRequest(shop.url, CATEGORY)).headers['x-output-cache'], (await rawRequest(shop.url, CATEGORY)).headers['x-output-cache']];
      expect(after).toEqual(['stale', 'stale']);
    } finally {
      await shop.stop();
    }
  }, 90_000);
});
