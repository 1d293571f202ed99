import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rawRequest } from '../test-fixtures/raw-http';
import { startTestBackend, type TestBackend } from '../test-fixtures/backend/test-helpers';
import { startStorefront, type RunningStorefront } from './server';

/**
 * The login throttle end to end: a load balancer on 127.0.0.1 in front of the storefront, the storefront (also on
 * 127.0.0.1) in front of the API. The API counts failed logins per client address; that address reaches it only if
 * the storefront passes on the one the load balancer names (X-Forwarded-For from its trusted proxies), and only that.
 */
const PASSWORD = 'Geheim123!';
const VICTIM = 'slachtoffer@example.nl';
const ATTACKER = 'aanvaller@example.nl';
const FAILURES = 50;

let backend: TestBackend;
let clientDir: string;

beforeAll(async () => {
  // the API trusts the storefront (127.0.0.1) to name the client
  backend = await startTestBackend({ trustedProxies: '127.0.0.1' });
  for (const email of [VICTIM, ATTACKER]) {
    expect((await backend.call('POST', '/api/user/create', { customer: { email, firstname: 'A', lastname: 'B' }, password: PASSWORD })).status).toBe(200);
  }
  // no client build: the storefront serves /api without one
  clientDir = mkdtempSync(join(tmpdir(), 'throttle-client-'));
});
afterAll(() => backend.close());

/**
 * A login sent to the storefront as the load balancer (or a client claiming to be one) sends it, on a connection of its
 * own (`Connection: close`): with fetch's pooled keep-alive connections the storefront's `close()` was seen to wait
 * past the test's timeout now and then.
 */
const login = (shop: RunningStorefront, username: string, password: string, forwardedFor: string) =>
  rawRequest(shop.url, '/api/user/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ username, password }),
  });

/** `count` failed logins, half against `account`, half against made-up e-mails; the statuses answered */
async function fail(shop: RunningStorefront, count: number, account: string, forwardedFor: (i: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const username = i % 2 ? account : `gok${i}-${Math.random().toString(36).slice(2)}@example.nl`;
    statuses.push((await login(shop, username, `Fout${i}!abc`, forwardedFor(i))).status);
  }
  return statuses;
}

describe('login throttle through the storefront', () => {
  it(`behind a trusted load balancer, ${FAILURES} failures from one client stop that client, not another client's correct login`, async () => {
    const shop = await startStorefront({ port: 0, host: '127.0.0.1', apiUrl: backend.url, clientDir, trustedProxies: ['127.0.0.1'] });
    try {
      const statuses = await fail(shop, FAILURES, VICTIM, () => '203.0.113.7');
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
      expect(statuses).toContain(429);
      // another shopper behind the same load balancer, on the account the attacker tried
      const victim = await login(shop, VICTIM, PASSWORD, '198.51.100.9');
      expect(victim.status).toBe(200);
      expect((JSON.parse(victim.body) as { code: number }).code).toBe(200);
      // the attacker's next login, with a right password, is still refused
      const attacker = await login(shop, ATTACKER, PASSWORD, '203.0.113.7');
      expect(attacker.status).toBe(429);
      expect(Number(attacker.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await shop.close();
    }
  });

  it(`trusting no proxy, a client's own X-Forwarded-For is replaced: ${FAILURES} failures under made-up addresses lock its own`, async () => {
    // an API of its own: these failures lock the storefront's address (127.0.0.1) there
    const api = await startTestBackend({ trustedProxies: '127.0.0.1' });
    const shop = await startStorefront({ port: 0, host: '127.0.0.1', apiUrl: api.url, clientDir });
    try {
      expect((await api.call('POST', '/api/user/create', { customer: { email: ATTACKER, firstname: 'A', lastname: 'B' }, password: PASSWORD })).status).toBe(200);
      const statuses = await fail(shop, FAILURES, ATTACKER, (i) => `192.0.2.${i + 1}`);
      expect(statuses).toContain(429);
      const next = await login(shop, ATTACKER, PASSWORD, '198.51.100.200');
      expect(next.status).toBe(429);
    } finally {
      await shop.close();
      await api.close();
    }
  });
});
