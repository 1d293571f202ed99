/**
 * Newsletter (spec transactions §3 "Newsletter state: isSubscribed, email", §4 "subscribe does nothing if already
 * subscribed; unsubscribe does nothing if not subscribed", §7).
 */
import { StateHolder } from '../state-holder';
import type { NewsletterApi } from '../ports/newsletter-api';

export interface NewsletterState {
  readonly isSubscribed: boolean | undefined;
  readonly email: string | undefined;
}

export class NewsletterService extends StateHolder<NewsletterState> {
  constructor(private readonly api: NewsletterApi) {
    super({ isSubscribed: undefined, email: undefined });
  }

  /** GET ?email=: subscribed when the result is 'subscribed' */
  async status(email: string): Promise<boolean> {
    const isSubscribed = await this.api.isSubscribed(email);
    this.state.next({ isSubscribed, email });
    return isSubscribed;
  }

  private known(email: string): boolean | undefined {
    return this.state.value.email === email ? this.state.value.isSubscribed : undefined;
  }

  /** Returns whether a call was made (false: already in the wanted state). */
  async subscribe(email: string): Promise<boolean> {
    if (this.known(email) === true) return false;
    await this.api.subscribe(email);
    this.state.next({ isSubscribed: true, email });
    return true;
  }

  async unsubscribe(email: string): Promise<boolean> {
    if (this.known(email) !== true) return false;
    await this.api.unsubscribe(email);
    this.state.next({ isSubscribed: false, email });
    return true;
  }
}
