/**
 * Claims stored locally (spec transactions §3 "Claim": code, created_at, value, description) and the cookie notice
 * (§4: reads claim cookiesAccepted; if missing, banner shows and false is stored; a stored false shows it too;
 * clicking close hides it and stores true).
 */
import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';
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

  async set<T>(code: string, value: T, description?: string): Promise<Claim<T>> {
    const claim: Claim<T> = description === undefined ? { code, created_at: this.clock.now(), value } : { code, created_at: this.clock.now(), value, description };
    await this.storage.set(STORAGE_COLLECTIONS.claims, code, claim);
    return claim;
  }

  remove(code: string): Promise<void> {
    return this.storage.remove(STORAGE_COLLECTIONS.claims, code);
  }
}

export interface CookieNoticeState {
  readonly loaded: boolean;
  readonly visible: boolean;
}

export class CookieNoticeService {
  private readonly state = new BehaviorSubject<CookieNoticeState>({ loaded: false, visible: false });
  readonly state$: Observable<CookieNoticeState> = this.state.pipe(distinctUntilChanged());

  constructor(
    private readonly claims: ClaimsService,
    private readonly config: ShopConfig,
  ) {}

  snapshot(): CookieNoticeState {
    return this.state.value;
  }

  private loading: Promise<void> | undefined;

  /**
   * Reads the claim once per service (the browser loads it right after hydration, so the banner shows then,
   * and the start-up's restore asks again later): a second call answers the first's promise, so it can neither show
   * the banner again after a close nor race the close's write. A failed read is tried again by the next call.
   */
  load(): Promise<void> {
    this.loading ??= this.read().catch((e: unknown) => {
      this.loading = undefined;
      throw e;
    });
    return this.loading;
  }

  private async read(): Promise<void> {
    const code = this.config.claims.cookiesAccepted;
    const claim = await this.claims.get<boolean>(code);
    if (!claim) {
      await this.claims.set(code, false);
      this.state.next({ loaded: true, visible: true });
      return;
    }
    this.state.next({ loaded: true, visible: claim.value !== true });
  }

  async accept(): Promise<void> {
    this.state.next({ loaded: true, visible: false });
    await this.claims.set(this.config.claims.cookiesAccepted, true);
  }
}
