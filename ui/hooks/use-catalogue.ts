import { useContext } from 'react';
import type { ShopServices as Container } from '../../adapters/wiring';
import { CategoryService, type CategoryState } from '../../core/catalogue/category-service';
import { CmsService, type CmsState } from '../../core/catalogue/cms-service';
import { AttributeService, type AttributeState } from '../../core/catalogue/attributes';
import { SearchService, type SearchState } from '../../core/catalogue/search-service';
import { PageResolutionService, type PageResolutionState } from '../../core/routing/page-resolution';
import { UiFlagsService, type UiFlags } from '../../core/ui-state/ui-flags-service';
import { ContainerContext } from './use-service';
import { useObservable } from './use-observable';

/** The request's (server) or the page's (browser) container. */
export function useContainer(): Container {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('catalogue hook outside <ContainerContext.Provider>');
  return container;
}

export function useCategoryService(): CategoryService {
  return useContainer().get(CategoryService);
}
export function useCategory(): CategoryState {
  return useObservable(useCategoryService());
}
export function useCms(): CmsState {
  return useObservable(useContainer().get(CmsService));
}
export function useSearchService(): SearchService {
  return useContainer().get(SearchService);
}
export function useSearch(): SearchState {
  return useObservable(useSearchService());
}
export function usePageResolution(): PageResolutionState {
  return useObservable(useContainer().get(PageResolutionService));
}
export function useUiFlagsService(): UiFlagsService {
  return useContainer().get(UiFlagsService);
}
export function useUiFlags(): UiFlags {
  return useObservable(useUiFlagsService());
}
/** The store view's attribute metadata (labels and option values in the shopper's language). */
export function useAttributes(): AttributeState {
  return useObservable(useContainer().get(AttributeService));
}
