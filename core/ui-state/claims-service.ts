/**
 * Claims stored locally (spec transactions §3 "Claim") and the cookie notice (§4): shown while cookiesAccepted is
 * missing or false; close (consent) and decline (claim `cookiesDeclined`) hide it. Analytics needs 'granted'.
 */
import { StateHolder } from '../state-holder';
import type { ShopConfig } from '../config';
import type { Clock } from '../ports/clock';
import { STORAGE_COLLECTIONS, type Storage } from '../ports/storage';

export interface Claim<T = unknown> {
  code: string;
  created_at: number;
  value: T;
  description?: string;
}

export class ClaimsService {
  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
  ) {}

  get<T>(code: string): Promise<Claim<T> | undefined> {
    return this.storage.get<Claim<T>>(STORAGE_COLLECTIONS.claims, code);
  }

  async set<T>(code: string, value: T): Promise<Claim<T>> {
    const claim: Claim<T> = { code, created_at: this.clock.now(), value };
    await this.storage.set(STORAGE_COLLECTIONS.claims, code, claim);
    return claim;
  }

  remove(code: string): Promise<void> {
    return this.storage.remove(STORAGE_COLLECTIONS.claims, code);
  }
}

/** 'unanswered': no choice stored yet (or not read yet); 'granted': the notice was accepted; 'denied': declined. */
export type CookieConsent = 'unanswered' | 'granted' | 'denied';

export interface CookieNoticeState {
  readonly loaded: boolean;
  readonly visible: boolean;
  readonly consent: CookieConsent;
}

export class CookieNoticeService extends StateHolder<CookieNoticeState> {
  constructor(
    private readonly claims: ClaimsService,
    private readonly config: ShopConfig,
  ) {
    super({ loaded: false, visible: false, consent: 'unanswered' });
  }

  private loading: Promise<void> | undefined;

  /** Reads the claims once (a second load must not show the banner again after a close); a failed read is retried. */
  load(): Promise<void> {
    this.loading ??= this.read().catch((e: unknown) => {
      this.loading = undefined;
      throw e;
    });
    return this.loading;
  }

  private async read(): Promise<void> {
    const { cookiesAccepted, cookiesDeclined } = this.config.claims;
    const [claim, declined] = await Promise.all([this.claims.get<boolean>(cookiesAccepted), this.claims.get<boolean>(cookiesDeclined)]);
    if (!claim) await this.claims.set(cookiesAccepted, false);
    const consent: CookieConsent = claim?.value === true ? 'granted' : declined?.value === true ? 'denied' : 'unanswered';
    this.state.next({ loaded: true, visible: consent === 'unanswered', consent });
  }

  /** The spec's close: hides the notice, stores cookiesAccepted true (and forgets an earlier decline). */
  async accept(): Promise<void> {
    this.state.next({ loaded: true, visible: false, consent: 'granted' });
    await this.claims.set(this.config.claims.cookiesAccepted, true);
    await this.claims.remove(this.config.claims.cookiesDeclined);
  }

  /** Decline: hides the notice like a close, remembered in the cookiesDeclined claim; cookiesAccepted stays false. */
  async decline(): Promise<void> {
    this.state.next({ loaded: true, visible: false, consent: 'denied' });
    await this.claims.set(this.config.claims.cookiesAccepted, false);
    await this.claims.set(this.config.claims.cookiesDeclined, true);
  }
}
