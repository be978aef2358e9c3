// The multi-instance suite (test/multi): real server processes on one real PostgreSQL (DATABASE_URL), run by
// .ci/run after the API tests, or by hand: DATABASE_URL=postgres://... pnpm --filter @mp/server test:multi
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'multi',
    environment: 'node',
    include: ['test/multi/**/*.spec.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // the instances already use both cores: one file at a time
    fileParallelism: false,
  },
});
