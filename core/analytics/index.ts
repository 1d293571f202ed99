export * from './events';
export { AnalyticsService, type CartLineChange, type CartSource, type CheckoutSource, type ConsentSource } from './analytics-service';
