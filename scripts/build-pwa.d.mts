// Types of scripts/build-pwa.mjs for the TypeScript tests that import it.
export interface PrecacheEntry {
  url: string;
  revision: string;
}
export interface IconSpec {
  file: string;
  size: number;
  purpose: 'any' | 'maskable';
}
export const DEFAULT_LOCALE: string;
export const THEME_COLOUR: string;
export const BACKGROUND_COLOUR: string;
export const ICONS: readonly IconSpec[];
export function offlinePageFile(locale: string): string;
export function webManifest(texts: Record<string, any>): {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};
export function renderOfflinePage(locale: string, texts: Record<string, any>, css: string[]): string;
export function precacheEntries(clientDir: string, metafile: { outputs: Record<string, unknown> }, root: string, extra: string[]): Promise<PrecacheEntry[]>;
export function buildPwa(options: { root: string; dist: string; metafile: { outputs: Record<string, unknown> }; quiet?: boolean }): Promise<{ files: number; bytes: number }>;
