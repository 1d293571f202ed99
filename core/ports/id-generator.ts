/** Unique ids (task ids, idempotency keys, notification ids). Core never calls Math.random(). */
export interface IdGenerator {
  next(): string;
}
