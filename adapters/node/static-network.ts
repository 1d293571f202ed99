/** The server's and a Node script's Network: online unless told otherwise, the switch tests use (`set(online)`). */
export { ManualNetwork as StaticNetwork } from '../../core/testing/manual-network';
