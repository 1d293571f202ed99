import { memo, Suspense, type ComponentType } from 'react';
import { Header } from '../components/header/Header';
import { NewsletterForm } from '../components/account/NewsletterForm';
import { lazyPage } from './lazy-page';
import { recoverChunk } from './chunk-recovery';
import { whenIdle } from './transactions';

/**
 * The shell's Suspense boundaries (selective hydration), each one element made once: a re-rendered layout hands React
 * the same element, so a boundary not hydrated yet gets no new props, which would hydrate it at once in a synchronous
 * store update's task (280-660 ms at 4x throttling; docs/benchmarks.md).
 */
export const HEADER_PART = (
  <Suspense fallback={null}>
    <Header />
  </Suspense>
);

/**
 * When the footer's code may load: at once on the server; in the browser when the footer nears the screen, at the
 * first tap, key or focus, or once idle. Until then its server HTML stays (links work as links).
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

/** The footer's chunk, asked for again once back online if it could not load (its server HTML serves meanwhile). */
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

/** A page's part as a boundary of its own that a re-render of the page skips while its props are the same (above). */
export function boundary<P extends object>(Component: ComponentType<P>) {
  return memo(function Boundary(props: P) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  });
}
