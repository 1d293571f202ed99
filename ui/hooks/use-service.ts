import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServiceId, ShopServices as Container } from '../../adapters/wiring';
import type { LocaleCode, ShopConfig } from '../../core/config';
import type { Clock } from '../../core/ports/clock';
import { TOKENS } from '../../core/ports/tokens';
import { resolveLocale } from '../i18n';

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

export const useClock = (): Clock => useService<Clock>(TOKENS.Clock);

export function useLocale(): LocaleCode {
  const { i18n } = useTranslation();
  return resolveLocale(i18n.language, useConfig());
}
