/**
 * Where analytics events go (spec catalogue §2.4: the tag manager's hooks). The browser's adapter pushes to
 * `window.dataLayer`, the array Google Tag Manager reads; a test keeps them in a list.
 */
export type DataLayerEntry = Readonly<Record<string, unknown>>;

export interface DataLayer {
  push(entry: DataLayerEntry): void;
}
