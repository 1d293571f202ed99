/** Where analytics events go (spec catalogue §2.4): the page's dataLayer, which Google Tag Manager reads. */
/** one plain object: an event (`{ event, ... }`) or a reset (`{ ecommerce: null }`) */
export type DataLayerEntry = object;

export interface DataLayer {
  push(entry: DataLayerEntry): void;
}
