import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStorefront, type RunningStorefront, type StorefrontOptions } from '../ui/server';
import type { BackendOptions } from './backend/index';
import { startTestBackend, type TestBackend } from './backend/test-helpers';

export interface TestShops {
  backend: TestBackend;
  /** a storefront over the backend on a free loopback port, with the options given */
  start(options?: Partial<StorefrontOptions>): Promise<RunningStorefront>;
  /** stops every storefront started, then the backend */
  close(): Promise<void>;
}

/**
 * The demo backend (with the options given) and in-process storefronts over it, for one test file. The storefronts
 * serve a client build of nothing but its manifest, naming `entry` ('' for none) and no stylesheet.
 */
export async function startTestShops({ entry = 'entry-client-ABCD1234.js', backend: options }: { entry?: string; backend?: BackendOptions } = {}): Promise<TestShops> {
  const backend = await startTestBackend(options);
  const clientDir = mkdtempSync(join(tmpdir(), 'test-shop-client-'));
  writeFileSync(join(clientDir, 'manifest.json'), JSON.stringify({ entry, css: [] }));
  const started: RunningStorefront[] = [];
  return {
    backend,
    async start(options = {}) {
      const shop = await startStorefront({ port: 0, host: '127.0.0.1', apiUrl: backend.url, clientDir, ...options });
      started.push(shop);
      return shop;
    },
    async close() {
      await Promise.all(started.map((s) => s.close()));
      await backend.close();
    },
  };
}
