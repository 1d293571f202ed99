/** /api/ext/feedback-company (spec transactions §7 "Feedback reviews"): `result` is a JSON string, parsed by the adapter. */
export interface FeedbackApi {
  getFeedbackReview(): Promise<unknown>;
  getFeedbackCompanyReview(): Promise<unknown>;
}
