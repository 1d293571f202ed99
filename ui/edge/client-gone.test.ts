import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { register } from 'prom-client';
import { startStorefront, type RunningStorefront } from '../server';

// A browser that leaves before its answer's headers are sent is no server error. A request whose body was read whole
// (a POST through the /api pass-through) keeps `raw.aborted` false when its socket closes, so Fastify hands the
// compressor's premature close to the error handler: it must be a debug line, not a 500 line or a counted 5xx.

type Line = { level: number; msg: string; url?: string };
const lines: Line[] = [];
const sink = { write: (l: string) => void lines.push(JSON.parse(l) as Line) };
const logger = pino({ name: 'storefront', level: 'debug' }, sink);

/** the API: answers a POST's head and a first part of its body, then holds the rest */
let api: Server;
const held: ServerResponse[] = [];
let shop: RunningStorefront;

beforeAll(async () => {
  api = createServer((req, res) => req.resume().on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write(`{"code":200,"result":"${'x'.repeat(4096)}`, () => held.push(res));
  }));
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  const clientDir = mkdtempSync(join(tmpdir(), 'client-gone-'));
  shop = await startStorefront({ port: 0, host: '127.0.0.1', apiUrl, clientDir, logger });
});

afterAll(async () => {
  for (const res of held) res.destroy();
  await shop?.close();
  await new Promise((resolve) => api.close(resolve));
});

async function api5xx(): Promise<number> {
  const metric = await register.getSingleMetric('storefront_http_requests_total')!.get();
  return metric.values.filter((v) => v.labels['route'] === 'api' && /^5/.test(String(v.labels['status'])))
    .reduce((n, v) => n + v.value, 0);
}

describe('a client that leaves before its answer', () => {
  it('is a debug line, not a [storefront] 500 nor a counted 5xx', async () => {
    const before = await api5xx();
    const { port } = new URL(shop.url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write('POST /api/cart/update HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\n' +
      'Accept-Encoding: br\r\nContent-Length: 2\r\n\r\n{}');
    // the answer's first part is on its way (the compressor holds it: no header is sent yet); the client goes
    await vi.waitFor(() => expect(held).toHaveLength(1), { timeout: 20_000 });
    socket.destroy();

    const gone = (l: Line) => l.msg.includes('[storefront] 500') || l.msg.includes('client gone');
    await vi.waitFor(() => expect(lines.some(gone)).toBe(true), { timeout: 20_000 });
    expect(lines.filter((l) => l.msg.includes('[storefront] 500'))).toEqual([]);
    expect(lines.find(gone)?.level).toBe(20);
    expect(await api5xx()).toBe(before);
  });
});
