import { Suspense } from 'react';
import { Header } from '../components/header/Header';
import { Footer } from '../components/footer/Footer';

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

export const FOOTER_PART = (
  <Suspense fallback={null}>
    <Footer />
  </Suspense>
);
