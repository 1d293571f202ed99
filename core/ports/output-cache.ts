/** Server-side cache of rendered pages (spec catalogue §9: output cache TTL 86400 s). */
export interface CachedPage {
  status: number;
  html: string;
}

export interface OutputCache {
  get(key: string): Promise<CachedPage | undefined>;
  set(key: string, page: CachedPage, ttlSeconds: number): Promise<void>;
  clear(): Promise<void>;
}
