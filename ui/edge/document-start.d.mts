// Types of ui/edge/document-start.mjs.
export const THEME_COLOUR: string;
export function documentStart(lang: string): string;
