import { createContext, useContext } from 'react';
import type { ServiceId, ShopServices as Container } from '../../adapters/wiring';
import type { ShopConfig } from '../../core/config';
import { TOKENS } from '../../core/ports/tokens';

export const ContainerContext = createContext<Container | null>(null);

/** The request's (server) or the page's (browser) graph. */
export function useContainer(): Container {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('a service hook outside <ContainerContext.Provider>');
  return container;
}

export function useService<T>(id: ServiceId<T>): T {
  return useContainer().get(id);
}

export function useConfig(): ShopConfig {
  return useService<ShopConfig>(TOKENS.Config);
}
