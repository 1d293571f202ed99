import nl from './nl-NL.json';

/**
 * The default locale's sections that only the transaction half shows. In the browser bundle this module's nl-NL.json
 * is those sections only (scripts/build.mjs LOCALE_PARTS) and loads with the transaction half, which adds them with
 * `addTexts`; elsewhere it is the whole file (the same texts again, harmless).
 */
export const DEFERRED_TEXTS: Record<'nl-NL', Record<string, unknown>> = { 'nl-NL': nl };
