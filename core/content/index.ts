/** Content capability (transaction side): newsletter, contact, reviews. */
export * from './newsletter-service';
export * from './contact-service';
export * from './review-service';
