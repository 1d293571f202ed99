import { ManualNetwork } from '../../core/testing/manual-network';

/**
 * The server's and a Node script's Network: online unless told otherwise. The same switch as the testing ManualNetwork
 * (`set(online)`), which tests use to drive the offline paths.
 */
export class StaticNetwork extends ManualNetwork {}
