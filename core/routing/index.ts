export * from './routes';
export * from './links';
export * from './dispatcher';
