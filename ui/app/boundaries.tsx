import { memo, Suspense, type ComponentType } from 'react';
import { Header } from '../components/header/Header';
import { NewsletterForm } from '../components/account/NewsletterForm';
import { lazyPage } from './lazy-page';
import { recoverChunk } from './chunk-recovery';
import { whenIdle } from './transactions';

/**
 * The shell's Suspense boundaries (selective hydration, ui/app/DefaultLayout.tsx), each one element made once: a layout
 * that re-renders hands React the same element, so a boundary not hydrated yet gets no new props. Such a boundary must
 * be hydrated before an update reaches it, at the update's priority, and the shell's store updates
 * (useSyncExternalStore) are synchronous: when the layout re-rendered for one with new `<Suspense>` elements, React
 * hydrated the header, the page and the footer in one synchronous task, 280-660 ms at 4x CPU throttling, the longest
 * of a first load (`node scripts/bench/run.mjs long-tasks --profile`).
 */
export const HEADER_PART = (
  <Suspense fallback={null}>
    <Header />
  </Suspense>
);

/**
 * When the footer's code may load: at once on the server (loaded with this module, so that every render has it); in
 * the browser when the footer nears the screen, at the shopper's first tap, key or focus, or once the browser is
 * idle, whichever comes first. Until then its server HTML stays as it is (links work as links) and costs the first
 * load neither bytes nor hydration.
 */
function footerWanted(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const events = ['pointerdown', 'keydown', 'focusin'] as const;
    const near = (entries: IntersectionObserverEntry[]) => entries.some((e) => e.isIntersecting) && done();
    const observer = new IntersectionObserver(near, { rootMargin: '200px' });
    function done() {
      observer.disconnect();
      for (const name of events) window.removeEventListener(name, done, true);
      resolve();
    }
    const footer = document.querySelector('footer');
    if (footer) observer.observe(footer);
    for (const name of events) window.addEventListener(name, done, true);
    whenIdle(done);
  });
}

/**
 * The footer's chunk, asked for again when the browser is back online if it could not load (offline before the worker
 * had it): a lazy component that fails has no error boundary to stop at, and the footer's server HTML serves meanwhile.
 * A chunk gone after a deploy reloads the page (recoverChunk).
 */
function footerCode(): Promise<typeof import('../components/footer/Footer')> {
  return recoverChunk(import('../components/footer/Footer')).catch(
    () => new Promise((resolve) => window.addEventListener('online', () => resolve(footerCode()), { once: true })),
  );
}

const FooterChunk = lazyPage(() =>
  footerWanted()
    .then(footerCode)
    .then((m) => m.Footer),
);
if (typeof window === 'undefined') void FooterChunk.preload();
const Footer = FooterChunk.Component;

export const FOOTER_PART = (
  <Suspense fallback={null}>
    <Footer newsletter={<NewsletterForm />} />
  </Suspense>
);

/**
 * A page's part as a boundary of its own (selective hydration) that a re-render of the page skips while its props are
 * the same (a memo outside the Suspense): the page re-renders on its stores' changes, and a boundary not hydrated yet
 * that got new props would hydrate at once, synchronously for a store update, in the page's task.
 */
export function boundary<P extends object>(Component: ComponentType<P>) {
  return memo(function Boundary(props: P) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  });
}
