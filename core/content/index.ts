/** Content capability (transaction side): newsletter, contact, reviews. */
export { NewsletterService, type NewsletterState } from './newsletter-service';
export { ContactService, EMPTY_CONTACT_FORM, type ContactState } from './contact-service';
export { ReviewService, ratingWidget, type FeedbackRating, type RatingWidget } from './review-service';
