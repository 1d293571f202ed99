import { lazyPage } from './lazy-page';

/** The catalogue pages, each in a chunk of its own (the services they read stay in the first load). */
export const HomeChunk = lazyPage(() => import('../pages/HomePage').then((m) => m.HomePage));
export const CategoryChunk = lazyPage(() => import('../pages/CategoryPage').then((m) => m.CategoryPage));
export const ProductChunk = lazyPage(() => import('../pages/ProductPage').then((m) => m.ProductPage));
export const CmsChunk = lazyPage(() => import('../pages/CmsPage').then((m) => m.CmsPage));
export const StaticChunk = lazyPage(() => import('../pages/StaticPage').then((m) => m.StaticPage));
export const SitemapChunk = lazyPage(() => import('../pages/SitemapPage').then((m) => m.SitemapPage));
export const WholesaleChunk = lazyPage(() => import('../pages/WholesalePage').then((m) => m.WholesalePage));
