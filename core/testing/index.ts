/**
 * The SDK's testing helpers (package entry `./testing`): virtual time and fakes of the runtime ports, so the core's
 * services run deterministically — timers advance when the test says so, the network goes offline on demand, ids count
 * up and the log is kept for assertions. Plain classes over core's ports; no test framework needed.
 */
export {
  VirtualClock,
  VirtualScheduler,
  VirtualTime,
  ManualNetwork,
  SequentialIds,
  MemoryLogger,
  flushPromises,
} from './virtual-time';
