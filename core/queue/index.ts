/** Offline task queue capability. */
export * from './types';
export { createTaskQueue, checkTaskResponse, fillPlaceholders, type TaskQueueOptions } from './task-queue';
