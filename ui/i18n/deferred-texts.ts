import checkout from './nl-NL/checkout.json';

/**
 * The default locale's sections that only the transaction half shows (ui/i18n/nl-NL/checkout.json), loaded with the
 * half, which adds them with `addTexts`; on the server and in the tests the default locale has them already.
 */
export const DEFERRED_TEXTS: Record<'nl-NL', Record<string, unknown>> = { 'nl-NL': checkout };
