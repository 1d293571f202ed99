import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startBackend } from './index';
import { trustedProxies } from './http';
import { LoginThrottle, THROTTLE } from './throttle';
import { startTestBackend, type TestBackend } from './test-helpers';

const PASSWORD = 'Geheim123!';

describe('login throttle behind a load balancer (TRUSTED_PROXIES)', () => {
  let be: TestBackend;
  // the test's requests come from 127.0.0.1: the load balancer, which names the client in X-Forwarded-For
  beforeAll(async () => {
    be = await startTestBackend({ trustedProxies: '127.0.0.1' });
    for (const email of ['slachtoffer@example.nl', 'aanvaller@example.nl']) {
      expect((await be.call('POST', '/api/user/create', { customer: { email, firstname: 'A', lastname: 'B' }, password: PASSWORD })).status).toBe(200);
    }
  });
  afterAll(() => be.close());

  const login = (username: string, password: string, client: string) =>
    be.call('POST', '/api/user/login', { username, password }, { 'x-forwarded-for': client });

  it("50 failures from one client stop that client's correct login, not another client's, on the same account", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      // half against the victim's account, half against made-up ones
      const username = i % 2 ? 'slachtoffer@example.nl' : `gok${i}@example.nl`;
      statuses.push((await login(username, `Fout${i}!abc`, '203.0.113.7')).status);
    }
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses).toContain(429);
    const victim = await login('slachtoffer@example.nl', PASSWORD, '198.51.100.9');
    expect(victim.status).toBe(200);
    const attacker = await login('aanvaller@example.nl', PASSWORD, '203.0.113.7');
    expect(attacker.status).toBe(429);
    expect(Number(attacker.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('X-Forwarded-For from a peer that is not a trusted proxy is not read', async () => {
    const strict = await startTestBackend();
    try {
      // every failure names another client: all are the socket's own address all the same
      for (let i = 0; i <= THROTTLE.freePerClient; i++) {
        await strict.call('POST', '/api/user/login', { username: `gok${i}@example.nl`, password: 'Fout123!x' }, { 'x-forwarded-for': `192.0.2.${i}` });
      }
      const next = await strict.call('POST', '/api/user/login', { username: 'wie@example.nl', password: 'Fout123!x' }, { 'x-forwarded-for': '192.0.2.200' });
      expect(next.status).toBe(429);
    } finally {
      await strict.close();
    }
  });

  it('a TRUSTED_PROXIES value that is not a list of addresses stops the start with a message naming it', async () => {
    expect(() => trustedProxies('10.0.0.0/8, load-balancer')).toThrow(/TRUSTED_PROXIES .*load-balancer/);
    await expect(startBackend({ port: 0, dataDir: ':memory:', log: () => undefined, trustedProxies: '300.1.1.1' })).rejects.toThrow(/TRUSTED_PROXIES/);
    expect(trustedProxies(undefined)('127.0.0.1', 0)).toBe(false);
    expect(trustedProxies('10.0.0.0/8,127.0.0.1')('10.1.2.3', 0)).toBe(true);
  });
});

describe('LoginThrottle', () => {
  const clients = ['203.0.113.1', '203.0.113.2', '198.51.100.3', '192.0.2.4'];
  const accounts = ['a@example.nl', 'b@example.nl', 'c@example.nl'];

  it('a client that has not failed is never refused, whatever other clients did', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ client: fc.constantFrom(...clients), account: fc.constantFrom(...accounts), advanceMs: fc.nat(5_000) }), { minLength: 20, maxLength: 300 }),
        fc.constantFrom(...accounts),
        (failures, account) => {
          let t = 0;
          const throttle = new LoginThrottle(() => t);
          for (const f of failures) {
            t += f.advanceMs;
            try {
              throttle.check(f.account, f.client);
              throttle.failed(f.account, f.client);
            } catch {
              // refused: a locked client's attempt counts nothing
            }
          }
          expect(() => throttle.check(account, '198.51.100.200')).not.toThrow();
        },
      ),
    );
  });

  it('locks grow by doubling and stop growing at the cap', () => {
    let t = 0;
    const throttle = new LoginThrottle(() => t);
    const waits: number[] = [];
    for (let i = 0; i < 30; i++) {
      throttle.failed('a@example.nl', '203.0.113.1');
      try {
        throttle.check('a@example.nl', '203.0.113.1');
      } catch (e) {
        const seconds = Number((e as { headers: Record<string, string> }).headers['retry-after']);
        waits.push(seconds);
        t += seconds * 1000;
      }
    }
    expect(waits.slice(0, 4)).toEqual([1, 2, 4, 8]);
    expect(Math.max(...waits)).toBe(THROTTLE.maxLockMs / 1000);
    expect(waits.slice(-5)).toEqual(Array(5).fill(THROTTLE.maxLockMs / 1000));
  });

  it('a success clears its own pair only; failures long past count from zero again', () => {
    let t = 0;
    const throttle = new LoginThrottle(() => t);
    for (let i = 0; i < THROTTLE.freePerClient; i++) throttle.failed(`x${i}@example.nl`, '203.0.113.1');
    throttle.succeeded('mine@example.nl', '203.0.113.1');
    throttle.failed('y@example.nl', '203.0.113.1');
    expect(() => throttle.check('mine@example.nl', '203.0.113.1')).toThrow(/Too many failed sign-in attempts/);
    t += THROTTLE.forgetAfterMs + THROTTLE.maxLockMs;
    throttle.failed('z@example.nl', '203.0.113.1');
    expect(() => throttle.check('mine@example.nl', '203.0.113.1')).not.toThrow();
  });
});
