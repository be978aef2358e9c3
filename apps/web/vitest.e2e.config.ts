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
    // a poll waits as a locator does, not vitest's 1 s: a page opened just before it may still be loading its code
    // and data on a busy CI machine (money.e2e.ts polled the admin's order desk right after opening it)
    expect: { poll: { timeout: 10_000 } },
  },
});
