/** The DATA_DIR lock of the embedded database (docs/operations.md, "Embedded database: one process"). */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirError, lockDataDir } from '../data-dir';

const serverDir = fileURLToPath(new URL('../../../', import.meta.url));
const moduleUrl = new URL('../data-dir.ts', import.meta.url).href;
const root = mkdtempSync(path.join(tmpdir(), 'mp-data-dir-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

/** Another server process holding the lock on dataDir (resolves once it holds it). */
async function holderProcess(dataDir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { lockDataDir } = await import(${JSON.stringify(moduleUrl)});
       await lockDataDir(${JSON.stringify(dataDir)}, () => undefined);
       console.log('locked');
       setInterval(() => undefined, 1000);`,
    ],
    { cwd: serverDir, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });
  return child;
}

describe('the DATA_DIR lock', () => {
  it('when the process holding it was killed with SIGKILL, then the next start takes it over at once', async () => {
    const dataDir = path.join(root, 'crashed');
    const holder = await holderProcess(dataDir);
    const gone = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await gone;

    const t0 = Date.now();
    const release = await lockDataDir(dataDir, () => undefined);
    expect(Date.now() - t0).toBeLessThan(1000);
    await release();
  }, 30_000);

  it('when the process holding it is alive, then a second one is refused with a clear message', async () => {
    const dataDir = path.join(root, 'busy');
    const holder = await holderProcess(dataDir);
    await expect(lockDataDir(dataDir, () => undefined)).rejects.toThrow(DataDirError);
    holder.kill('SIGKILL');
  }, 30_000);
});
