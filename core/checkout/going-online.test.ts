import { describe, expect, it } from 'vitest';
import { ManualNetwork } from '../testing/virtual-time';
import { whenBackOnline } from './going-online';

describe('whenBackOnline', () => {
  // spec transactions §4: going online processes the sync queue and then the offline order queue
  it('sends queued tasks before looking at stored orders, once per reconnection', async () => {
    const network = new ManualNetwork(false);
    const log: string[] = [];
    let releaseQueue: () => void = () => {};
    const queue = {
      process: () =>
        new Promise<void>((r) => {
          log.push('queue:start');
          releaseQueue = () => {
            log.push('queue:done');
            r();
          };
        }),
    };
    const checkout = { handleOnline: async () => void log.push('orders') };
    const sub = whenBackOnline({ network, queue, checkout });
    network.set(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(log).toEqual(['queue:start']);
    releaseQueue();
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual(['queue:start', 'queue:done', 'orders']);
    network.set(false);
    network.set(true);
    await new Promise((r) => setImmediate(r));
    releaseQueue();
    await new Promise((r) => setImmediate(r));
    expect(log.filter((l) => l === 'orders')).toHaveLength(2);
    sub.unsubscribe();
  });

  it('does nothing on start-up or when going offline', async () => {
    const network = new ManualNetwork(true);
    const log: string[] = [];
    whenBackOnline({ network, queue: { process: async () => void log.push('q') }, checkout: { handleOnline: async () => void log.push('o') } });
    network.set(false);
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual([]);
  });
});
