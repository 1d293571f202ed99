import type { ShopConfig } from '../config';

/**
 * spec catalogue §2.5: a back-to-top button appears after scrolling past 600 px in the header component, and past
 * 200 px in the page shell, there on desktop only (from 1024 px wide).
 */
export function backToTopVisible(
  place: 'header' | 'shell',
  scrollY: number,
  viewportWidth: number,
  config: Pick<ShopConfig, 'ui'>,
): boolean {
  if (place === 'header') return scrollY > config.ui.backToTopHeaderPx;
  return viewportWidth >= config.ui.desktopFromPx && scrollY > config.ui.backToTopShellPx;
}
