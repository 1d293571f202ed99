import { describe, expect, it } from 'vitest';
import { SERVER_CONFIG, serverConfig } from './server-config';

describe('serverConfig: the storefront server settings with the environment', () => {
  it('is SERVER_CONFIG when the environment sets nothing (spec catalogue §9: output cache TTL 86400 s)', () => {
    expect(serverConfig({})).toEqual(SERVER_CONFIG);
    expect(SERVER_CONFIG.outputCacheTtlSeconds).toBe(86400);
  });

  it('takes the numbers the environment sets', () => {
    const s = serverConfig({ OUTPUT_CACHE_SIZE: '40', STOREFRONT_HEAP_MB: '256', STOREFRONT_SEMI_SPACE_MB: '0', STOREFRONT_WARMUP_RENDERS: '0', STOREFRONT_WARMUP_MS: '100' });
    expect(s).toMatchObject({ outputCacheMaxEntries: 40, workerHeapMb: 256, workerSemiSpaceMb: 0, workerWarmUpRenders: 0, workerWarmUpMaxMs: 100 });
  });

  it('keeps its own where the environment names no number, or 0 for a size', () => {
    const s = serverConfig({ OUTPUT_CACHE_SIZE: '0', STOREFRONT_HEAP_MB: 'lots', STOREFRONT_SEMI_SPACE_MB: '-1', STOREFRONT_WARMUP_RENDERS: '', STOREFRONT_WARMUP_MS: 'x' });
    expect(s).toEqual(SERVER_CONFIG);
  });
});
