/**
 * react-i18next for the server render (issue 8: CPU per render). The server bundle resolves `react-i18next` to this
 * module (scripts/build.mjs, SERVER_I18NEXT), which re-exports the package and replaces only `useTranslation`.
 *
 * Upstream's hook is written for a browser that re-renders: per call it builds a copy of the whole i18next instance
 * (every own property descriptor; about 15 % of a category render's CPU, one copy per component that translates), a
 * fixed `t` that spreads all of i18next's options into a new object on EVERY translation, and a snapshot store. A
 * server render renders each component once, with a language that never changes during the request, so here one
 * answer per i18next instance is built on first use and shared by every component of every render using it.
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
  // copying the options per call
  const t = ((...args: unknown[]) => (i18n.t as unknown as (...a: unknown[]) => unknown)(...args)) as unknown as TFunction;
  const answer = simple ? (Object.assign([t, i18n, true], { t, i18n, ready: true }) as Answer) : undefined;
  answers.set(i18n, { language: i18n.language, answer });
  return answer;
}

export function useTranslation(...args: Parameters<typeof upstreamUseTranslation>): ReturnType<typeof upstreamUseTranslation> {
  const context = useContext(I18nContext) as { i18n?: I18n; defaultNS?: unknown } | undefined;
  const i18n = context?.i18n ?? getI18n();
  const answer = args.length === 0 && i18n && context?.defaultNS === undefined ? answerOf(i18n) : undefined;
  return (answer ?? upstreamUseTranslation(...args)) as ReturnType<typeof upstreamUseTranslation>;
}
