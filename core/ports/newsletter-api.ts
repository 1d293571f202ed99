/** /api/ext/mailchimp-subscribe/subscribe (spec transactions §7 "Newsletter"). */
export interface NewsletterApi {
  /** GET ?email=: true when the result is 'subscribed' */
  isSubscribed(email: string): Promise<boolean>;
  /** POST { email } */
  subscribe(email: string): Promise<void>;
  /** DELETE { email } */
  unsubscribe(email: string): Promise<void>;
}
