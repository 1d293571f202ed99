import { HttpError } from './errors';

/**
 * Login throttling per e-mail and per client address: a few failures are free, then every further failure locks the key
 * for twice as long as the last (1 s, 2 s, 4 s, ... up to 15 min). A locked key answers 429 with Retry-After before the
 * password is even checked; a successful login clears the e-mail's and the address's record.
 */
export const THROTTLE = {
  /** failed logins per e-mail before the first lock */
  freePerEmail: 5,
  /** failed logins per client address before the first lock (many shoppers may share one address) */
  freePerAddress: 20,
  firstLockMs: 1000,
  maxLockMs: 15 * 60_000,
  /** records kept at most (oldest dropped first) */
  maxRecords: 100_000,
} as const;

interface Record { failures: number; lockedUntil: number }

export class LoginThrottle {
  private readonly records = new Map<string, Record>();

  constructor(private readonly now: () => number) {}

  /** 429 when the e-mail or the address is locked. */
  check(email: string, address: string): void {
    const t = this.now();
    const until = Math.max(this.records.get(emailKey(email))?.lockedUntil ?? 0, this.records.get(addressKey(address))?.lockedUntil ?? 0);
    if (until > t) {
      const seconds = Math.ceil((until - t) / 1000);
      throw new HttpError(429, `Too many failed sign-in attempts. Please wait ${seconds} seconds and try again.`, {}, { 'retry-after': String(seconds) });
    }
  }

  failed(email: string, address: string): void {
    this.bump(emailKey(email), THROTTLE.freePerEmail);
    this.bump(addressKey(address), THROTTLE.freePerAddress);
  }

  succeeded(email: string, address: string): void {
    this.records.delete(emailKey(email));
    this.records.delete(addressKey(address));
  }

  private bump(key: string, free: number): void {
    const r = this.records.get(key) ?? { failures: 0, lockedUntil: 0 };
    r.failures++;
    if (r.failures > free) r.lockedUntil = this.now() + Math.min(THROTTLE.maxLockMs, THROTTLE.firstLockMs * 2 ** Math.min(30, r.failures - free - 1));
    this.records.delete(key); // re-insert: the Map's order is the age order
    this.records.set(key, r);
    while (this.records.size > THROTTLE.maxRecords) this.records.delete(this.records.keys().next().value as string);
  }
}

const emailKey = (email: string) => `e:${email.trim().toLowerCase()}`;
const addressKey = (address: string) => `a:${address}`;
