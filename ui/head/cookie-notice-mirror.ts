/**
 * The cookie notice is in every page's HTML, but its state is a claim in IndexedDB the server cannot see: a copy of
 * "closed" in localStorage lets an inline head script hide it before the first paint. The claim stays the truth.
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
