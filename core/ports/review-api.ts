/** POST /api/review/create { review } (spec transactions §7 "Review"): success when code is 200. */
export interface Review {
  product_id: number | string;
  title: string;
  detail: string;
  nickname: string;
  review_entity?: string;
  review_status?: number;
  customer_id?: number | string | null;
}

export interface ReviewApi {
  /** `userToken`: a logged-in shopper's token; the backend signs the review with `customer_id` only when it is theirs */
  create(review: Review, userToken?: string): Promise<void>;
}
