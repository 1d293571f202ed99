import { HttpError } from './errors';

/**
 * Login throttling per (account, client) and per client (the address http.ts reads). A few failures are free, then each
 * further one locks its key twice as long as the last (1 s, 2 s, ... 15 min): 429 with Retry-After, before the
 * password is checked. Nothing counts per account alone, or anyone could lock a known customer out; a success clears
 * its pair only.
 */
export const THROTTLE = {
  /** failed logins for one account from one client before the first lock */
  freePerPair: 5,
  /** failed logins from one client (any accounts) before the first lock */
  freePerClient: 20,
  firstLockMs: 1000,
  maxLockMs: 15 * 60_000,
  /** a record whose last failure is this old counts from zero again */
  forgetAfterMs: 60 * 60_000,
  /** records kept at most (oldest dropped first) */
  maxRecords: 100_000,
} as const;

interface Failures { failures: number; lockedUntil: number; lastFailure: number }

export class LoginThrottle {
  private readonly records = new Map<string, Failures>();

  constructor(private readonly now: () => number) {}

  /** 429 when the (account, client) pair or the client is locked. */
  check(account: string, client: string): void {
    const t = this.now();
    const until = Math.max(this.records.get(pairKey(account, client))?.lockedUntil ?? 0, this.records.get(clientKey(client))?.lockedUntil ?? 0);
    if (until > t) {
      const seconds = Math.ceil((until - t) / 1000);
      throw new HttpError(429, `Too many failed sign-in attempts. Please wait ${seconds} seconds and try again.`, {}, { 'retry-after': String(seconds) });
    }
  }

  failed(account: string, client: string): void {
    this.bump(pairKey(account, client), THROTTLE.freePerPair);
    this.bump(clientKey(client), THROTTLE.freePerClient);
  }

  succeeded(account: string, client: string): void {
    this.records.delete(pairKey(account, client));
  }

  private bump(key: string, free: number): void {
    const t = this.now();
    const old = this.records.get(key);
    const r = old && t - old.lastFailure < THROTTLE.forgetAfterMs ? old : { failures: 0, lockedUntil: 0, lastFailure: t };
    r.failures++;
    r.lastFailure = t;
    if (r.failures > free) r.lockedUntil = t + Math.min(THROTTLE.maxLockMs, THROTTLE.firstLockMs * 2 ** Math.min(30, r.failures - free - 1));
    this.records.delete(key); // re-insert: the Map's order is the age order
    this.records.set(key, r);
    while (this.records.size > THROTTLE.maxRecords) this.records.delete(this.records.keys().next().value as string);
  }
}

const pairKey = (account: string, client: string) => `p:${client}\n${account.trim().toLowerCase()}`;
const clientKey = (client: string) => `c:${client}`;
