/**
 * Writes src/openapi.json and src/schema.d.ts from the shared endpoint table. With --check, writes nothing and
 * exits 1 when the committed files are not what the table gives (run it after changing the table).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generatedFiles } from './generated';

const dir = path.resolve(import.meta.dirname, '../src');
const check = process.argv.includes('--check');
const stale: string[] = [];
for (const [name, text] of Object.entries(await generatedFiles())) {
  const file = path.join(dir, name);
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // not generated yet
  }
  if (current === text) continue;
  if (check) stale.push(name);
  else writeFileSync(file, text);
}
if (stale.length) {
  console.error(`packages/client/src/${stale.join(', ')} out of date: run pnpm --filter @mp/client generate`);
  process.exit(1);
}
console.log(check ? 'generated client files are current' : 'generated client files written');
