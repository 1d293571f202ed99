/**
 * The cookie notice in the server's HTML. Spec transactions §4 keeps the notice's state in the shopper's
 * claims (IndexedDB, read after hydration), which the server cannot see; so every page's HTML carries the notice, and a
 * returning shopper who closed it never sees it: the browser keeps a copy of "closed" in localStorage, and an inline
 * script in the head, run before the body is parsed, marks <html> with COOKIE_NOTICE_CLOSED_CLASS, which hides the
 * notice (ui/styles.css). The claim stays the truth: after hydration the notice shows or goes by the claim, and the copy
 * follows it. Why server-rendered: shown only after hydration, the notice was the largest paint of a product page on a
 * phone, a second and more after everything else (Lighthouse LCP 2.4 s simulated).
 */
export const COOKIE_NOTICE_CLOSED_KEY = 'shop:cookie-notice-closed';
export const COOKIE_NOTICE_CLOSED_CLASS = 'cookie-notice-closed';

/** The head's inline script (text only; the caller gives it the nonce). */
export const COOKIE_NOTICE_HEAD_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(COOKIE_NOTICE_CLOSED_KEY)})==='1')document.documentElement.classList.add(${JSON.stringify(COOKIE_NOTICE_CLOSED_CLASS)})}catch(e){}`;

/** Keeps the copy equal to the claim (visible: the claim is not true). Storage that refuses is no error: the notice then only shows until hydration. */
export function mirrorCookieNotice(visible: boolean, storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = globalThis.localStorage): void {
  try {
    if (visible) storage?.removeItem(COOKIE_NOTICE_CLOSED_KEY);
    else storage?.setItem(COOKIE_NOTICE_CLOSED_KEY, '1');
  } catch {
    // private mode / storage disabled
  }
}
