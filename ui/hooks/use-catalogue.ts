import { CategoryService, type CategoryState } from '../../core/catalogue/category-service';
import { CmsService, type CmsState } from '../../core/catalogue/cms-service';
import { AttributeService, type AttributeState } from '../../core/catalogue/attributes';
import { SearchService, type SearchState } from '../../core/catalogue/search-service';
import { PageResolutionService, type PageResolutionState } from '../../core/routing/page-resolution';
import { UiFlagsService } from '../../core/ui-state/ui-flags-service';
import { useContainer } from './use-service';
import { useObservable } from './use-observable';

export { useContainer };

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
export { useUiFlags } from './use-shell';
/** The store view's attribute metadata (labels and option values in the shopper's language). */
export function useAttributes(): AttributeState {
  return useObservable(useContainer().get(AttributeService));
}
