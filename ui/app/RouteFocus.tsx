import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigationType } from 'react-router-dom';
import { announce } from '../components/common/LiveRegion';

/** How long a client-side page change may take to show its h1 (lazy chunk + the route's load). */
const WAIT_FOR_HEADING_MS = 5000;

/**
 * After a client-side change of pathname the focus moves to the new page's h1 and its title is announced, as a full
 * load would do for a screen reader; unless the shopper moved the focus into a field or a dialog meanwhile.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  // read by the effect, not one of its reasons to run (a query change then Back is no page change)
  const navigationType = useNavigationType();
  const type = useRef(navigationType);
  type.current = navigationType;
  const { t } = useTranslation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const started = document.activeElement;
    const deadline = performance.now() + WAIT_FOR_HEADING_MS;
    let frame = 0;
    // the shopper went into a dialog or a field meanwhile: leave the focus there
    const shopperMovedFocus = () => {
      const now = document.activeElement;
      return !!now && now !== started && now !== document.body && !!now.closest('[role="dialog"], input, select, textarea');
    };
    let focused: HTMLElement | null = null;
    const focusHeading = (heading: HTMLElement) => {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.dataset['routeFocus'] = '';
      // Back/Forward: the page keeps the position ScrollRestore gives it back (a focus would scroll to the h1)
      heading.focus({ preventScroll: type.current === 'POP' });
      focused = heading;
    };
    const tick = () => {
      if (shopperMovedFocus()) return;
      const heading = document.querySelector<HTMLElement>('#main h1');
      if (!focused) {
        // wait for the page's own h1 (not the loading text)
        if (heading && heading.textContent?.trim()) {
          focusHeading(heading);
          // the title effect of the page runs with its first render; the next frame has it
          requestAnimationFrame(() => announce(t('a11y.pageChanged', { title: document.title })));
        }
      } else if (!focused.isConnected) {
        // the page replaced its h1 while loading: follow it, unless the shopper moved the focus by now
        const now = document.activeElement;
        if (now && now !== document.body) return;
        if (heading) focusHeading(heading);
      } else if (document.activeElement !== focused) {
        return;
      }
      if (performance.now() < deadline) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [pathname, t]);
  return null;
}
