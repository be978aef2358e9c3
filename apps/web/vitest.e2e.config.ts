/** Browser journeys (scripts/e2e.mjs starts the server and passes E2E_BASE_URL). Sequential, generous timeouts. */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 90_000,
    hookTimeout: 60_000,
    retry: 0,
  },
});
