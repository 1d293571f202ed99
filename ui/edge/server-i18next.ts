/**
 * react-i18next for the server render. The server bundle resolves `react-i18next` to this
 * module (scripts/build.mjs, SERVER_I18NEXT), which re-exports the package and replaces only `useTranslation`.
 *
 * Upstream's hook is written for a browser that re-renders: per call it builds a copy of the whole i18next instance
 * (every own property descriptor; about 15 % of a category render's CPU, one copy per component that translates), a
 * fixed `t` that spreads all of i18next's options into a new object on EVERY translation, and a snapshot store. A
 * server render renders each component once, with a language that never changes during the request, so here one
 * answer per i18next instance is built on first use and shared by every component of every render using it.
 *
 * Translations are remembered per instance: a call
 * with a string key and options whose values are all strings, numbers or booleans is answered from a map keyed by
 * the key and those values; anything else (objects, arrays, functions in the options, more arguments) goes to
 * i18next. Only string answers are kept; the map is emptied when the instance's texts or language change, and when
 * it reaches MEMO_LIMIT entries (so it stays bounded whatever names the catalogue holds).
 *
 * Calls this fast path cannot answer exactly like upstream (a namespace or options given, an instance not initialised
 * or not on the default namespace) go to upstream's hook, which is also what the browser always runs.
 */
import { useContext } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';
import { I18nContext, getI18n, useTranslation as upstreamUseTranslation } from 'react-i18next';

export * from 'react-i18next';

type Answer = [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };

const answers = new WeakMap<I18n, { language: string; answer: Answer | undefined }>();

/** The shared answer for an instance, or undefined when upstream must answer (checked once per instance and language). */
function answerOf(i18n: I18n): Answer | undefined {
  const kept = answers.get(i18n);
  if (kept && kept.language === i18n.language) return kept.answer;
  const defaultNs = i18n.options?.defaultNS;
  const simple =
    i18n.isInitialized &&
    (defaultNs === undefined || defaultNs === 'translation' || (Array.isArray(defaultNs) && defaultNs.length === 1 && defaultNs[0] === 'translation')) &&
    i18n.options?.react?.keyPrefix === undefined &&
    i18n.hasLoadedNamespace('translation');
  // the instance's own t: the same lookups as a t fixed to the instance's language and default namespace, without
  // copying the options per call, remembered per key and option values
  const t: TFunction = memoisedT(i18n);
  const answer = simple ? (Object.assign([t, i18n, true], { t, i18n, ready: true }) as Answer) : undefined;
  answers.set(i18n, { language: i18n.language, answer });
  return answer;
}

/** how many translations an instance keeps before starting afresh */
export const MEMO_LIMIT = 20_000;

/** `key` and the option values as one string, or undefined when an option is not a plain value (not remembered). */
function memoKey(key: unknown, options: unknown): string | undefined {
  if (typeof key !== 'string') return undefined;
  if (options === undefined) return key;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return undefined;
  let out = key;
  for (const name in options) {
    const value = (options as Record<string, unknown>)[name];
    const type = typeof value;
    if (type !== 'string' && type !== 'number' && type !== 'boolean' && type !== 'undefined') return undefined;
    // \u0000 and \u0001 cannot occur in option names of the shop's calls; a type tag keeps 1 and '1' apart
    out += `\u0000${name}\u0001${type[0]}${String(value)}`;
  }
  return out;
}

/** i18n.t with its string answers remembered (see the module's comment). */
export function memoisedT(i18n: I18n, limit = MEMO_LIMIT): TFunction & { kept(): number } {
  const memo = new Map<string, string>();
  const forget = () => memo.clear();
  i18n.on('languageChanged', forget);
  i18n.store?.on('added', forget);
  i18n.store?.on('removed', forget);
  const call = i18n.t as unknown as (...a: unknown[]) => unknown;
  const t = (...args: unknown[]) => {
    const k = args.length <= 2 ? memoKey(args[0], args[1]) : undefined;
    if (k === undefined) return call.apply(i18n, args);
    const kept = memo.get(k);
    if (kept !== undefined) return kept;
    const answer = call.apply(i18n, args);
    if (typeof answer === 'string') {
      if (memo.size >= limit) memo.clear();
      memo.set(k, answer);
    }
    return answer;
  };
  return Object.assign(t, { kept: () => memo.size }) as unknown as TFunction & { kept(): number };
}

export function useTranslation(...args: Parameters<typeof upstreamUseTranslation>): ReturnType<typeof upstreamUseTranslation> {
  const context = useContext(I18nContext) as { i18n?: I18n; defaultNS?: unknown } | undefined;
  const i18n = context?.i18n ?? getI18n();
  const answer = args.length === 0 && i18n && context?.defaultNS === undefined ? answerOf(i18n) : undefined;
  return (answer ?? upstreamUseTranslation(...args)) as ReturnType<typeof upstreamUseTranslation>;
}
