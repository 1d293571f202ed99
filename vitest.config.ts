import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['core/**/*.test.ts', 'adapters/**/*.test.ts', 'ui/**/*.test.{ts,tsx}', 'test-fixtures/**/*.test.ts', 'scripts/**/*.test.ts', 'docs/**/*.test.ts'],
    exclude: ['node_modules/**', 'ui/e2e/**', 'dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
