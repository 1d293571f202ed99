/** The current time. Core never calls Date.now(): rules take `now`, services ask the Clock. */
export interface Clock {
  /** milliseconds since the epoch */
  now(): number;
}
