import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * Back and Forward return to where the shopper was: react-router's <ScrollRestoration> needs a data router, and the
 * browser's own runs while the page is still too short. The position is kept per history entry and set again once the
 * page is tall enough; a wheel, touch or key meanwhile wins, and after RESTORE_WAIT_MS it stops trying.
 */
const RESTORE_WAIT_MS = 10_000;

/** positions by history entry, for the life of the document */
const positions = new Map<string, number>();

export function ScrollRestore() {
  const location = useLocation();
  const type = useNavigationType();
  const shown = useRef(location.key);

  useEffect(() => {
    // a reload or a new visit to this entry (the document left) keeps the browser's restoration
    const manual = () => void (history.scrollRestoration = 'manual');
    const auto = () => void (history.scrollRestoration = 'auto');
    manual();
    const listening = new AbortController();
    const { signal } = listening;
    window.addEventListener('pagehide', auto, { signal });
    window.addEventListener('pageshow', manual, { signal });
    const keep = () => void positions.set(shown.current, window.scrollY);
    window.addEventListener('scroll', keep, { passive: true, signal });
    return () => {
      auto();
      listening.abort();
    };
  }, []);

  useLayoutEffect(() => {
    if (shown.current === location.key) return;
    shown.current = location.key;
    const y = type === 'POP' ? positions.get(location.key) : undefined;
    return y === undefined ? undefined : restoreWhenTall(y);
  }, [location.key, type]);

  return null;
}

/** Scrolls to `y` as soon as the document is tall enough for it; the returned function stops waiting. */
function restoreWhenTall(y: number): () => void {
  const fits = () => document.documentElement.scrollHeight - window.innerHeight >= y - 1;
  if (fits()) {
    window.scrollTo(0, y);
    return () => undefined;
  }
  const inputs = ['wheel', 'touchstart', 'keydown'] as const;
  const observer = new ResizeObserver(() => {
    if (!fits()) return;
    window.scrollTo(0, y);
    stop();
  });
  const timer = window.setTimeout(() => stop(), RESTORE_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const e of inputs) window.removeEventListener(e, stop);
  }
  observer.observe(document.body);
  for (const e of inputs) window.addEventListener(e, stop, { passive: true, once: true });
  return stop;
}
