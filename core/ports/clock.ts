/** The current time. Core never reads the system clock itself: rules take `now`, services ask the Clock. */
export interface Clock {
  /** milliseconds since the epoch */
  now(): number;
}
