/** spec catalogue §2.11: the homepage's banners, images and content items, from per-store-view local JSON files. */
export interface Banner {
  title: string;
  subtitle?: string;
  /** a shop path the banner links to */
  link: string;
  /** image path under the shop (optional: banners render as a coloured block without one) */
  image?: string;
  /** the banner's colour (CSS colour) */
  color?: string;
}

export interface HomeContentData {
  banners: { mainBanners: Banner[]; smallBanners: Banner[]; productBanners: Banner[]; menuAsideBanners: Banner[] };
  headImages: Banner[];
  instagramImages: Array<{ image: string; link?: string; alt?: string }>;
  contentItems: Array<{ title: string; message: string }>;
}

/** every list empty */
export const EMPTY_HOME_CONTENT: HomeContentData = normaliseHomeContent({});

/** Port: the local home content of a store view ('' = the default store view). */
export interface HomeContentSource {
  load(storeCode: string): Promise<HomeContentData>;
}

/** Fill the gaps of a partial or malformed file with empty lists, so one bad entry never breaks the homepage. */
export function normaliseHomeContent(raw: unknown): HomeContentData {
  const o = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const list = <T>(v: unknown, ok: (x: unknown) => x is T): T[] => (Array.isArray(v) ? v.filter(ok) : []);
  /** an entry with these text fields */
  const has = <T>(...keys: Array<keyof T & string>) => (x: unknown): x is T =>
    !!x && typeof x === 'object' && keys.every((k) => typeof (x as Record<string, unknown>)[k] === 'string');
  const isBanner = has<Banner>('title', 'link');
  const b = (o.banners && typeof o.banners === 'object' ? o.banners : {}) as Record<string, unknown>;
  return {
    banners: {
      mainBanners: list(b.mainBanners, isBanner),
      smallBanners: list(b.smallBanners, isBanner),
      productBanners: list(b.productBanners, isBanner),
      menuAsideBanners: list(b.menuAsideBanners, isBanner),
    },
    headImages: list(o.headImages, isBanner),
    instagramImages: list(o.instagramImages, has<{ image: string }>('image')),
    contentItems: list(o.contentItems, has<{ title: string; message: string }>('title', 'message')),
  };
}
