import type { ReactNode } from 'react';
import { Header } from '../components/header/Header';
import { Footer } from '../components/footer/Footer';

/** spec catalogue §2.4: the default layout (header, page, footer; further regions join as they are built). */
export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout layout--default">
      <Header />
      <main className="page" id="main">
        {children}
      </main>
      <Footer />
    </div>
  );
}
