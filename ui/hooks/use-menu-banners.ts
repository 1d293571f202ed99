import { startTransition, useEffect, useState } from 'react';
import type { Banner, HomeContentSource } from '../../core/catalogue/home-content';
import { TOKENS } from '../../core/ports/tokens';
import { useConfig, useService } from './use-service';

/** spec catalogue §2.5, §2.11: the menu's aside banners, read once mounted; a failure shows none (§8). */
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
