import type { ReactNode } from 'react';
import { Header } from '../components/header/Header';
import { Footer } from '../components/footer/Footer';
import { ShellExtras } from '../components/common/ShellExtras';
import { BackToTop } from '../components/common/BackToTop';

/** spec catalogue §2.4: the default layout: header, page, footer, and the shell's overlays. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout layout--default">
      <Header />
      <main className="page" id="main">
        {children}
      </main>
      <Footer />
      <ShellExtras />
      <BackToTop />
    </div>
  );
}
