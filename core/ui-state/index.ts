/** UI state: notifications, modals, flags, progress, claims and the cookie notice; virtual time for tests. */
export {
  NotificationService,
  NOTIFICATION_TYPES,
  normalizeNotificationType,
  type Notification,
  type NotificationAction,
  type NotificationInput,
  type NotificationType,
} from './notification-service';
export { ModalService, MODALS, type AuthModalMode, type ModalState } from './modal-service';
export { UiFlagsService, INITIAL_UI_FLAGS, type PanelName, type UiFlags } from './ui-flags-service';
export { ProgressService, IDLE_PROGRESS, type ProgressState } from './progress-service';
export { ClaimsService, CookieNoticeService, type Claim, type CookieNoticeState, type CookieConsent } from './claims-service';
export * from './back-to-top';
