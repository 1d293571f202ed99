import checkout from './nl-NL/checkout.json';

/** The default locale's texts only the transaction half shows (nl-NL/checkout.json), added when it loads. */
export const DEFERRED_TEXTS: Record<'nl-NL', Record<string, unknown>> = { 'nl-NL': checkout };
