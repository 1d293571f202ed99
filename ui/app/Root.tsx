import type { ReactNode } from 'react';
import type { ShopServices as Container } from '../../adapters/wiring';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { ContainerContext } from '../hooks/use-service';
import { App } from './App';

/** Everything both entries share: the container, the i18n instance and the app. The router wraps it. */
export function Root({
  container,
  i18n,
  router,
  initialPath,
}: {
  container: Container;
  i18n: i18n;
  router: (app: ReactNode) => ReactNode;
  initialPath?: string | undefined;
}) {
  return (
    <ContainerContext.Provider value={container}>
      <I18nextProvider i18n={i18n}>{router(<App container={container} initialPath={initialPath} />)}</I18nextProvider>
    </ContainerContext.Provider>
  );
}
