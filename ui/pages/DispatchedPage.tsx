import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ResolvedPageKind } from '../../core/routing/page-resolution';
import { CategoryChunk, CmsChunk, ProductChunk } from '../app/catalogue-chunks';
import { NotFoundPage } from './NotFoundPage';
import { usePageResolution } from '../hooks/use-service';

/** The page-not-found route (spec catalogue §2.3): the page the URL dispatcher resolved the path to, or not found. */
export function DispatchedPage() {
  const { t } = useTranslation();
  const resolution = usePageResolution();
  const location = useLocation();
  if (resolution.path !== location.pathname) return <p role="status" className="page-loading">{t('common.loading')}</p>;
  switch (resolution.kind) {
    case 'product':
      return <ProductChunk.Component />;
    case 'category':
      return resolution.error ? <NotFoundPage /> : <CategoryChunk.Component />;
    case 'cms_page':
      return <CmsChunk.Component />;
    default:
      return resolution.error ? <NotFoundPage message={t(resolution.error.key, resolution.error.params)} /> : <NotFoundPage />;
  }
}

/** Loads the chunk of the page a path resolved to ('all': the server, before it knows the kind). */
export function preloadDispatched(kind: ResolvedPageKind | 'all' | undefined): Promise<void> {
  const chunks = { product: [ProductChunk], category: [CategoryChunk], cms_page: [CmsChunk], all: [ProductChunk, CategoryChunk, CmsChunk] } as const;
  const wanted = kind && kind in chunks ? chunks[kind as keyof typeof chunks] : [];
  return Promise.all(wanted.map((c) => c.preload())).then(() => undefined);
}

/** the source module of each resolved kind's page chunk (ui/app/routes.tsx pageChunks: the server's module preloads) */
export const DISPATCHED_CHUNKS: Readonly<Record<string, readonly string[]>> = {
  product: ['ui/pages/ProductPage.tsx'],
  category: ['ui/pages/CategoryPage.tsx'],
  cms_page: ['ui/pages/CmsPage.tsx'],
};
