export * from './routes';
export * from './links';
export * from './dispatcher';
export * from './page-resolution';
export * from './sitemap';
