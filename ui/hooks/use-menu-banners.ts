import { startTransition, useEffect, useState } from 'react';
import type { Banner, HomeContentSource } from '../../core/catalogue/home-content';
import { TOKENS } from '../../core/ports/tokens';
import { useConfig, useService } from './use-service';

/**
 * spec catalogue §2.5 ("Aside banners come from promoted offers"), §2.11 (the menu aside banners of the store view's
 * local content file, per locale): read in the browser once the page is interactive. The mega menu's panels open only
 * there, so the server renders none and the first render in the browser matches it; a failure shows no banner
 * (§8: a banner file failure is logged at debug level only, by the source).
 */
export function useMenuAsideBanners(): readonly Banner[] {
  const source = useService<HomeContentSource>(TOKENS.HomeContent);
  const storeCode = useConfig().storeViews.defaultStoreCode;
  const [banners, setBanners] = useState<readonly Banner[]>([]);
  useEffect(() => {
    let live = true;
    source
      .load(storeCode)
      // a transition: the mega menu's hundred-odd links re-render in slices, not in one task of 170 ms at 4x throttling
      .then((content) => live && startTransition(() => setBanners(content.banners.menuAsideBanners)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [source, storeCode]);
  return banners;
}
