import type { ShopConfig, ThumbnailSize } from '../config';

/**
 * Thumbnail URL of a product image at one of the spec's sizes (catalogue §9: cart 210x300, list 324x489,
 * gallery 600x744), in vue-storefront-api's `/img/{width}/{height}/resize/{path}` form.
 * 'no_selection' or an empty path means no image (catalogue §5).
 */
export function imageUrl(path: string | undefined | null, size: ThumbnailSize, config: ShopConfig): string | undefined {
  if (!path || path === config.catalogue.noImageValue) return undefined;
  const clean = path.replace(/^\/+/, '');
  return `${config.api.publicUrl.replace(/\/+$/, '')}/img/${size.width}/${size.height}/resize/${clean}`;
}

/**
 * The URLs to try for a product image, best first: the asked size, then the shop's other sizes (catalogue §9; offline
 * only what a visited page loaded is cached), for each of the paths in turn.
 */
export function imageCandidates(paths: ReadonlyArray<string | undefined | null>, size: ThumbnailSize, config: ShopConfig): string[] {
  const sizes = [size, config.images.productList, config.images.gallery, config.images.cart];
  const urls = paths.flatMap((path) => sizes.map((s) => imageUrl(path, s, config)));
  return [...new Set(urls.filter((url): url is string => url !== undefined))];
}
