import { describe, expect, it } from 'vitest';
import { BrowserStorageQuota, UnknownStorageQuota } from './browser-storage-quota';

describe('BrowserStorageQuota', () => {
  // spec catalogue §9: the local storage quota is checked (navigator.storage.estimate)
  it('answers usage and quota from navigator.storage.estimate', async () => {
    const nav = { storage: { estimate: async () => ({ usage: 120, quota: 1000, usageDetails: {} }) } };
    expect(await new BrowserStorageQuota(nav).estimate()).toEqual({ usage: 120, quota: 1000 });
  });

  it('answers undefined without the API, when it fails, or when a figure is missing', async () => {
    expect(await new BrowserStorageQuota(undefined).estimate()).toBeUndefined();
    expect(await new BrowserStorageQuota({}).estimate()).toBeUndefined();
    expect(await new BrowserStorageQuota({ storage: { estimate: async () => { throw new Error('denied'); } } }).estimate()).toBeUndefined();
    expect(await new BrowserStorageQuota({ storage: { estimate: async () => ({ usage: 5 }) } }).estimate()).toBeUndefined();
    expect(await new UnknownStorageQuota().estimate()).toBeUndefined();
  });

  it('calls estimate with navigator.storage as this', async () => {
    const storage = {
      used: 7,
      async estimate(this: { used: number }) {
        return { usage: this.used, quota: 70 };
      },
    };
    expect(await new BrowserStorageQuota({ storage }).estimate()).toEqual({ usage: 7, quota: 70 });
  });
});
