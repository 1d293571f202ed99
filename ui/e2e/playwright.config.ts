import { defineConfig } from '@playwright/test';

const port = process.env.E2E_PORT ?? '3100';
const apiPort = process.env.E2E_API_PORT ?? '8180';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../test-results/e2e',
  timeout: 60_000,
  // never retried: a journey that needs a second try is a bug to fix, in the app or the test
  retries: 0,
  workers: 1,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'nl-NL',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node scripts/e2e-servers.mjs',
    cwd: '../..',
    url: `http://127.0.0.1:${port}/`,
    env: { E2E_PORT: port, E2E_API_PORT: apiPort },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
  },
});
