/** Offline task queue capability. */
export * from './types';
export { createTaskQueue, checkTaskResponse, fillPlaceholders, type TaskQueueOptions } from './task-queue';
export { taskErrorNotice, watchTaskErrors, serverMessage, type TaskErrorNotice, type TaskErrorWatchDeps } from './task-error-notices';
