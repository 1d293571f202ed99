import Database from 'better-sqlite3';
import { connect } from 'node:net';
import { join } from 'node:path';
import { parseJson, rawRequest } from '../raw-http';
import { startBackend, type BackendOptions, type RunningBackend } from './index';

/** Test harness: an in-process backend on a free port with a clock the test can move. */
export interface TestBackend extends RunningBackend {
  clock: { now: Date; advance(seconds: number): void };
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; json: any; text: string; headers: Headers }>;
}

export async function startTestBackend(opts: BackendOptions = {}): Promise<TestBackend> {
  const clock = {
    now: new Date('2026-11-01T12:00:00Z'),
    advance(seconds: number) {
      this.now = new Date(this.now.getTime() + seconds * 1000);
    },
  };
  const backend = await startBackend({ port: 0, dataDir: ':memory:', now: () => clock.now, log: () => undefined, dev: true, ...opts });
  // every call on a connection of its own: a reset is then the backend's doing, never a pooled socket the server closed
  const call: TestBackend['call'] = async (method, path, body, headers = {}) => {
    const payload = body === undefined || typeof body === 'string' ? body : JSON.stringify(body);
    // as fetch sends them: JSON for objects, text/plain for a string body
    const type = typeof body === 'string' ? 'text/plain;charset=UTF-8' : 'application/json';
    const typed: Record<string, string> = body === undefined ? {} : { 'content-type': type };
    const answer = await rawRequest(backend.url, path, { method, headers: { ...typed, ...headers }, body: payload });
    const text = answer.body;
    return { status: answer.status, json: parseJson(text), text, headers: new Headers(answer.headers) };
  };
  return { ...backend, clock, call };
}

export const searchPath = (type: string, body: unknown, qs = '') =>
  `/api/catalog/vue_storefront_catalog/${type}/_search?request=${encodeURIComponent(JSON.stringify(body))}${qs ? `&${qs}` : ''}`;

export { storefrontTextQuery } from './search/warm-up';

/** Rows of a backend's SQLite file under `dataDir`, read straight from the file (what the API does not show). */
export function sqliteRows(dataDir: string): (sql: string, ...args: unknown[]) => any[] {
  return (sql, ...args) => {
    const db = new Database(join(dataDir, 'backend.sqlite'), { readonly: true });
    try {
      return db.prepare(sql).all(...args);
    } finally {
      db.close();
    }
  };
}

/** A client that trickles a POST body (a space every 200 ms) until the server closes the connection: what it sent. */
export async function trickleUntilClosed(url: string): Promise<string> {
  const socket = connect(Number(new URL(url).port), '127.0.0.1');
  let text = '';
  socket.on('error', () => undefined);
  socket.on('data', (d: Buffer) => (text += d));
  socket.write('POST /api/cart/create HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
  const drip = setInterval(() => socket.write(' '), 200);
  try {
    await new Promise<void>((resolve) => socket.on('close', () => resolve()));
  } finally {
    clearInterval(drip);
  }
  return text;
}
