import { createContext, useContext } from 'react';
import type { ShopServices as Container } from '../../adapters/wiring';
import type { ShopConfig } from '../../core/config';
import { TOKENS } from '../../core/ports/tokens';

export const ContainerContext = createContext<Container | null>(null);

type Identifier<T> = symbol | (abstract new (...args: never[]) => T);

export function useService<T>(id: Identifier<T>): T {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('useService outside <ContainerContext.Provider>');
  return container.get<T>(id as never);
}

export function useConfig(): ShopConfig {
  return useService<ShopConfig>(TOKENS.Config);
}
