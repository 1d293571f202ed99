/** Unique ids (task ids, idempotency keys, notification ids). Core never draws random numbers itself. */
export interface IdGenerator {
  next(): string;
}
