/**
 * Where analytics events go (spec catalogue §2.4: the tag manager's hooks). The browser's adapter pushes to
 * the page's global dataLayer, the array Google Tag Manager reads; a test keeps them in a list.
 */
/** one plain object: an event (`{ event, ... }`) or a reset (`{ ecommerce: null }`) */
export type DataLayerEntry = object;

export interface DataLayer {
  push(entry: DataLayerEntry): void;
}
