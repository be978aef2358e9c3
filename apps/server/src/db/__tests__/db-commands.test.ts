/** The database commands an operator runs beside the server (docs/operations.md, "Upgrades" and "Backups"). */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('../../../', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'mp-db-commands-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs one command as an operator would in production: no JWT_SECRET, only NODE_ENV and DATA_DIR. */
const run = (script: string, ...args: string[]) => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: serverDir,
    env: { NODE_ENV: 'production', DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
};

describe('pnpm db:migrate and db:backup in production', () => {
  it('when db:migrate runs on a new database, then it applies and names every migration, and a second run has nothing to do', () => {
    const first = run('src/db/migrate-cli.ts');
    expect(first.output).toMatch(/pending on the pglite database/);
    expect(first.output).toContain('0000_init');
    expect(first.output).toMatch(/applied \d+ in/);
    expect(first.status).toBe(0);
    const again = run('src/db/migrate-cli.ts');
    expect(again.output).toMatch(/up to date/);
    expect(again.status).toBe(0);
  }, 120_000);

  it('when db:backup runs without JWT_SECRET, then it writes the backup', () => {
    const out = path.join(dataDir, 'backups');
    const r = run('src/db/backup-cli.ts', 'backup', out);
    expect(r.output).toMatch(/Backup written/);
    expect(r.status).toBe(0);
    expect(readdirSync(out).filter((f) => f.endsWith('.tar.gz'))).toHaveLength(1);
  }, 120_000);
});
