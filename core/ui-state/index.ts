/** UI state: notifications, modals, flags, progress, claims and the cookie notice. */
export * from './notification-service';
export * from './modal-service';
export * from './ui-flags-service';
export * from './progress-service';
export * from './claims-service';
export * from './back-to-top';
