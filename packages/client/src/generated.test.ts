import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedFiles } from '../scripts/generated';

describe('the generated client files', () => {
  it('when the endpoint table is turned into the document and types again, then the committed files are the same', async () => {
    const fresh = await generatedFiles();
    expect(Object.keys(fresh).sort()).toEqual(['openapi.json', 'schema.d.ts']);
    for (const [name, text] of Object.entries(fresh)) {
      const committed = readFileSync(path.join(import.meta.dirname, name), 'utf8');
      // on failure: pnpm --filter @mp/client generate
      expect(committed === text, `${name} is out of date: run pnpm --filter @mp/client generate`).toBe(true);
    }
  });
});
