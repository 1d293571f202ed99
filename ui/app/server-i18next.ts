// react-i18next for the server bundle (scripts/build.mjs SERVER_SHIMS), public API alone: upstream's useTranslation
// copies the instance per call and its `t` spreads every option (5-15x a render's CPU). Here every component shares
// one answer per instance whose `t` remembers string answers (until texts or language change); a namespace or key
// prefix is upstream's.
import { useContext } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';
import { I18nContext, getI18n, useTranslation as upstreamUseTranslation } from 'react-i18next';

export * from 'react-i18next';

type Answer = ReturnType<typeof upstreamUseTranslation>;
const answers = new WeakMap<I18n, { language: string; answer: Answer | undefined }>();

/** The shared answer for an instance, or undefined when upstream must answer (checked per instance and language). */
function answerOf(i18n: I18n): Answer | undefined {
  const kept = answers.get(i18n);
  if (kept && kept.language === i18n.language) return kept.answer;
  const ns = [i18n.options?.defaultNS ?? 'translation'].flat();
  const simple = i18n.isInitialized && ns.length === 1 && ns[0] === 'translation' &&
    i18n.options?.react?.keyPrefix === undefined && i18n.hasLoadedNamespace('translation');
  const t = memoisedT(i18n);
  const answer = simple ? (Object.assign([t, i18n, true], { t, i18n, ready: true }) as unknown as Answer) : undefined;
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
    // \u0000 and \u0001 occur in no option name of the shop's; the type's initial keeps 1 and '1' apart
    out += `\u0000${name}\u0001${type[0]}${String(value)}`;
  }
  return out;
}

/** i18n.t with its string answers remembered (see above). */
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

export function useTranslation(...args: Parameters<typeof upstreamUseTranslation>): Answer {
  const context = useContext(I18nContext) as { i18n?: I18n; defaultNS?: unknown } | undefined;
  const i18n = context?.i18n ?? getI18n();
  const answer = args.length === 0 && i18n && context?.defaultNS === undefined ? answerOf(i18n) : undefined;
  return answer ?? upstreamUseTranslation(...args);
}
