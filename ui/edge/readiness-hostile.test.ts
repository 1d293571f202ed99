import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConfig } from '../../core/config';
import { startStorefront, type RunningStorefront } from '../server';
import { LruOutputCache } from './lru-output-cache';

// /readyz against hostile APIs: one that never answers, answers too late, answers no HTTP at all, answers headers and
// then nothing, redirects, and a flood of concurrent /readyz. Expect a prompt 200 or 503 (never a hang, never a 5xx
// other than the 503), and one API call per probe however many /readyz arrive: the load balancer's probes must never
// become a load on the API.

const clientDir = mkdtempSync(join(tmpdir(), 'readiness-hostile-'));
/** the check's timeout (config.search.serverTimeoutMs), short so a hang costs the test little */
const TIMEOUT_MS = 300;

interface Stub {
  url: string;
  /** connections (raw) or requests (HTTP) it saw */
  calls: () => number;
  close: () => Promise<void>;
}

async function listen(server: Server | ReturnType<typeof createHttpServer>): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** an HTTP API stand-in that counts requests */
async function httpApi(handle: (req: IncomingMessage, res: ServerResponse, n: number) => void): Promise<Stub> {
  let calls = 0;
  const server = createHttpServer((req, res) => handle(req, res, ++calls));
  const url = await listen(server);
  return {
    url, calls: () => calls,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** a TCP stand-in that counts connections and does what it is told with each */
async function tcpApi(onConnection: (socket: Socket) => void): Promise<Stub> {
  let calls = 0;
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    calls++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    onConnection(socket);
  });
  const url = await listen(server);
  return {
    url, calls: () => calls,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const stubs: Stub[] = [];
const shops: RunningStorefront[] = [];

async function shopOver(api: Stub, outputCache?: LruOutputCache): Promise<RunningStorefront> {
  stubs.push(api);
  const config = createConfig({ api: { url: api.url }, search: { serverTimeoutMs: TIMEOUT_MS } });
  const shop = await startStorefront({ port: 0, host: '127.0.0.1', apiUrl: api.url, clientDir, config, outputCache });
  shops.push(shop);
  return shop;
}

/** /readyz, given up on after `giveUpMs` (a hang is a failure of the test, not a wait) */
async function readyz(shop: RunningStorefront, giveUpMs = 3000) {
  const res = await fetch(`${shop.url}/readyz`, { signal: AbortSignal.timeout(giveUpMs) });
  return { status: res.status, text: await res.text() };
}

afterAll(async () => {
  await Promise.all(shops.map((s) => s.close()));
  await Promise.all(stubs.map((s) => s.close()));
});

describe('/readyz against a hostile API', () => {
  it('an API that accepts and never answers: 503 in time, one connection for 50 concurrent /readyz', async () => {
    const api = await tcpApi(() => undefined);
    const shop = await shopOver(api);
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 50 }, () => readyz(shop)));
    expect(performance.now() - started).toBeLessThan(2500);
    const seen = new Set(answers.map((a) => `${a.status} ${a.text}`));
    expect(seen).toEqual(new Set(['503 not ready: not answering: api']));
    expect(api.calls()).toBe(1);
  });

  it('an API answering after twice the timeout: 503, one request for 50 concurrent /readyz', async () => {
    const api = await httpApi((_req, res) => void setTimeout(() => res.end('{}'), 2 * TIMEOUT_MS).unref());
    const shop = await shopOver(api);
    const answers = await Promise.all(Array.from({ length: 50 }, () => readyz(shop)));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([503]));
    expect(api.calls()).toBe(1);
  });

  it('an API answering no HTTP (garbage bytes, closing at once, a 200 KB header): 503', async () => {
    const garbage = await tcpApi((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n\x00\xff garbage\r\n\r\n'));
    expect(await readyz(await shopOver(garbage))).toEqual({ status: 503, text: 'not ready: not answering: api' });
    const closing = await tcpApi((socket) => socket.destroy());
    expect((await readyz(await shopOver(closing))).status).toBe(503);
    const badStatus = await tcpApi((socket) => socket.end('HTTP/1.1 999999 What\r\ncontent-length: 0\r\n\r\n'));
    expect((await readyz(await shopOver(badStatus))).status).toBe(503);
    const hugeHeader = await tcpApi((socket) => socket.end(`HTTP/1.1 200 OK\r\nx-pad: ${'a'.repeat(200_000)}\r\n\r\n`));
    expect((await readyz(await shopOver(hugeHeader))).status).toBe(503);
  });

  it('an API answering 500, or headers and then a body that never ends: 503 and a prompt 200', async () => {
    const failing = await httpApi((_req, res) => res.writeHead(500).end('boom'));
    expect((await readyz(await shopOver(failing))).status).toBe(503);
    // the check reads no body: a 200 whose body trickles forever is an answer (a check that waited for the body
    // would time out, a 503)
    const trickling = await httpApi((_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).write('<'));
    expect(await readyz(await shopOver(trickling))).toEqual({ status: 200, text: 'ready' });
  });

  it('a flood of 200 /readyz at a healthy API costs it at most one request per second', async () => {
    const api = await httpApi((_req, res) => res.end('{}'));
    const shop = await shopOver(api);
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 200 }, () => readyz(shop)));
    const seconds = Math.ceil((performance.now() - started) / 1000);
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(api.calls()).toBeLessThanOrEqual(seconds + 1);
  });

  // fetch follows up to 20 redirects unless told not to: a self-redirect made one probe 21 requests, and a redirect
  // elsewhere made the storefront probe another host. A 3xx is below 500: the API answers.
  it('an API answering a redirect to itself: one request per probe (fetch followed 20 redirects)', async () => {
    const api = await httpApi((req, res) => res.writeHead(302, { location: `${req.url}` }).end());
    const shop = await shopOver(api);
    await readyz(shop);
    expect(api.calls()).toBe(1);
  });

  it('an API redirecting elsewhere: the storefront never asks the other host', async () => {
    const elsewhere = await httpApi((_req, res) => res.end('{}'));
    stubs.push(elsewhere);
    const api = await httpApi((_req, res) => res.writeHead(307, { location: `${elsewhere.url}/` }).end());
    await readyz(await shopOver(api));
    expect(elsewhere.calls()).toBe(0);
  });
});

describe('/readyz with an output cache whose PING never settles', () => {
  let shop: RunningStorefront;

  beforeAll(async () => {
    const api = await httpApi((_req, res) => res.end('{}'));
    const lru = new LruOutputCache(5, { now: () => Date.now() });
    // a store that swallows PING (ioredis queues commands while it reconnects; a half-open socket never answers)
    const silent = Object.assign(Object.create(lru) as LruOutputCache, { ping: () => new Promise(() => undefined) });
    shop = await shopOver(api, silent);
  });

  // the cache's PING ignores the AbortSignal: readiness() gives up on it at the timeout, so the shared probe settles
  // and /readyz answers (without that, every /readyz from then on hung)
  it('answers 503 naming the output cache within the timeout', async () => {
    expect(await readyz(shop, 5 * TIMEOUT_MS)).toEqual({ status: 503, text: 'not ready: not answering: output cache' });
  });
});
