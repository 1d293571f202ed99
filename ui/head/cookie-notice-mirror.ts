/** A copy of the cookie notice's "closed" claim (IndexedDB) in localStorage: a head script hides it at first paint. */
export const COOKIE_NOTICE_CLOSED_KEY = 'shop:cookie-notice-closed';
export const COOKIE_NOTICE_CLOSED_CLASS = 'cookie-notice-closed';

/** The head's inline script (text only; the caller gives it the nonce). */
export const COOKIE_NOTICE_HEAD_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(COOKIE_NOTICE_CLOSED_KEY)})==='1')document.documentElement.classList.add(${JSON.stringify(COOKIE_NOTICE_CLOSED_CLASS)})}catch(e){}`;

/** Keeps the copy equal to the claim; storage that refuses is no error (the notice then shows until hydration). */
export function mirrorCookieNotice(visible: boolean, storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = globalThis.localStorage): void {
  try {
    if (visible) storage?.removeItem(COOKIE_NOTICE_CLOSED_KEY);
    else storage?.setItem(COOKIE_NOTICE_CLOSED_KEY, '1');
  } catch {
    // private mode / storage disabled
  }
}
