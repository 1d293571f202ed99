/**
 * Injection tokens, one per port. Core never imports inversify: these are plain Symbols that the composition root
 * (adapters/wiring*.ts) binds to concrete classes.
 */
export const TOKENS = {
  Config: Symbol.for('ShopConfig'),
  CatalogueSearch: Symbol.for('CatalogueSearch'),
  UrlMapper: Symbol.for('UrlMapper'),
  ProductApi: Symbol.for('ProductApi'),
  StockApi: Symbol.for('StockApi'),
  CategoryApi: Symbol.for('CategoryApi'),
  ContentApi: Symbol.for('ContentApi'),
  AttributeApi: Symbol.for('AttributeApi'),
  CartApi: Symbol.for('CartApi'),
  UserApi: Symbol.for('UserApi'),
  OrderApi: Symbol.for('OrderApi'),
  PaymentApi: Symbol.for('PaymentApi'),
  ReviewApi: Symbol.for('ReviewApi'),
  NewsletterApi: Symbol.for('NewsletterApi'),
  ContactApi: Symbol.for('ContactApi'),
  MailApi: Symbol.for('MailApi'),
  FeedbackApi: Symbol.for('FeedbackApi'),
  TaskTransport: Symbol.for('TaskTransport'),
  Storage: Symbol.for('Storage'),
  Clock: Symbol.for('Clock'),
  Scheduler: Symbol.for('Scheduler'),
  Network: Symbol.for('Network'),
  Logger: Symbol.for('Logger'),
  IdGenerator: Symbol.for('IdGenerator'),
  HomeContent: Symbol.for('HomeContent'),
  /** spec catalogue §9: local storage quota estimate (core/ports/storage-quota.ts) */
  StorageQuota: Symbol.for('StorageQuota'),
  /** CMS HTML sanitising (core/ports/html-sanitizer.ts): DOMPurify over the browser's DOM or jsdom */
  HtmlSanitizer: Symbol.for('HtmlSanitizer'),
  /** the other tabs of this browser (core/ports/cross-tab.ts) */
  CrossTab: Symbol.for('CrossTab'),
  TabLocks: Symbol.for('TabLocks'),
} as const;
