/**
 * Shared Intl number formats: building one costs far more than formatting with it, so one per locale and options is
 * kept for the life of the process (a handful: locales x formats).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();

function keyOf(locale: string, options: object): string {
  // options objects are small and built from literals: their JSON (keys sorted) identifies them
  const entries = Object.entries(options).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
  return `${locale}|${JSON.stringify(entries)}`;
}

/** The shared Intl.NumberFormat of a locale and options (throws as the constructor does for invalid options). */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return kept(numberFormats, keyOf(locale, options), () => new Intl.NumberFormat(locale, options));
}

/** The value kept under `key`, made on first use (the map starts afresh at `max` entries). */
export function kept<V>(memo: Map<string, V>, key: string, make: () => V, max = Infinity): V {
  if (memo.has(key)) return memo.get(key)!;
  const value = make();
  if (memo.size >= max) memo.clear();
  memo.set(key, value);
  return value;
}

/** How many formatters are kept (tests: formatting many values builds no new ones). */
export function intlFormatterCount(): number {
  return numberFormats.size;
}
