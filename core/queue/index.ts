/** Offline task queue capability. */
export * from './types';
export * from './task-queue';
export * from './task-error-notices';
