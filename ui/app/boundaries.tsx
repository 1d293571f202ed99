import { memo, Suspense } from 'react';
import { Header } from '../components/header/Header';
import { Footer } from '../components/footer/Footer';

/**
 * The shell's Suspense boundaries (selective hydration, ui/app/DefaultLayout.tsx): memo components without props, so
 * a layout that re-renders never hands a boundary not hydrated yet a new element. Such a boundary must be hydrated
 * before an update reaches it, at the update's priority, and the shell's store updates (useSyncExternalStore) are
 * synchronous: when the layout re-rendered for one, React hydrated the header, the page and the footer in one
 * synchronous task, 280-660 ms at 4x CPU throttling, the longest of a first load
 * (`node scripts/bench/run.mjs long-tasks --profile`).
 */
export const HeaderPart = memo(function HeaderPart() {
  return (
    <Suspense fallback={null}>
      <Header />
    </Suspense>
  );
});

export const FooterPart = memo(function FooterPart() {
  return (
    <Suspense fallback={null}>
      <Footer />
    </Suspense>
  );
});
