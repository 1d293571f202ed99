import type { BootData } from '../ui/entry-server';

/** The files a page's loader asks for (ui/entry-server.tsx documentEnd), entry first: tests and benchmarks. */
export function bootModules(html: string): string[] {
  const m = /<script data-modules="([^"]*)">/.exec(html);
  return m ? m[1]!.split(' ').filter(Boolean) : [];
}

/** The boot data of a page (documentEnd): for tests and the benchmarks. */
export function bootData(html: string): BootData | undefined {
  const m = /<script type="application\/json" id="shop-boot">(.*?)<\/script>/s.exec(html);
  return m ? (JSON.parse(m[1]!) as BootData) : undefined;
}
