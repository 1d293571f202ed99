import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';
import { useTranslation } from 'react-i18next';
import type { ServiceId, ShopServices as Container } from '../../adapters/wiring';
import type { LocaleCode, ShopConfig } from '../../core/config';
import type { Clock } from '../../core/ports/clock';
import { TOKENS } from '../../core/ports/tokens';
import { CategoryService, type CategoryState } from '../../core/catalogue/category-service';
import { CmsService, type CmsState } from '../../core/catalogue/cms-service';
import { AttributeService, type AttributeState } from '../../core/catalogue/attributes';
import { SearchService, type SearchState } from '../../core/catalogue/search-service';
import { PageResolutionService, type PageResolutionState } from '../../core/routing/page-resolution';
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

interface StateSource<T> {
  readonly state$: Observable<T>;
  snapshot(): T;
}

/** The one bridge from RxJS to React: subscribe to a service's state$ with useSyncExternalStore. */
export function useObservable<T>(source: StateSource<T>): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const sub = source.state$.subscribe(() => onChange());
      return () => sub.unsubscribe();
    },
    [source],
  );
  const get = useCallback(() => source.snapshot(), [source]);
  return useSyncExternalStore(subscribe, get, get);
}

/** The catalogue's hooks: a service, or its state followed with useObservable. */
export const useCategoryService = (): CategoryService => useService(CategoryService);
export const useCategory = (): CategoryState => useObservable(useCategoryService());
export const useCms = (): CmsState => useObservable(useService(CmsService));
export const useSearchService = (): SearchService => useService(SearchService);
export const useSearch = (): SearchState => useObservable(useSearchService());
export const usePageResolution = (): PageResolutionState => useObservable(useService(PageResolutionService));
/** The store view's attribute metadata (labels and option values in the shopper's language). */
export const useAttributes = (): AttributeState => useObservable(useService(AttributeService));
