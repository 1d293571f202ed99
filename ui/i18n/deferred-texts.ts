import nl from './nl-NL.json';

/**
 * The default locale's sections that only the transaction half shows (issue 10). In the browser bundle this module
 * gets those sections only (scripts/locale-split.mjs) and loads with the transaction half, which adds them with
 * `addTexts`; elsewhere it is the whole file (the same texts again, harmless).
 */
export const DEFERRED_TEXTS: Record<'nl-NL', Record<string, unknown>> = { 'nl-NL': nl };
