export * from './events';
export * from './analytics-service';
