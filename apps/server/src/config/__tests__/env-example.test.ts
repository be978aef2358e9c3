import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (rel: string) => readFileSync(new URL(rel, import.meta.url), 'utf8');

describe('.env.example', () => {
  it('when a key is read by config/env.ts, then .env.example documents it', () => {
    const schemaKeys = [...read('../env.ts').matchAll(/^ {4}([A-Z][A-Z0-9_]+): /gm)].map((m) => m[1]!);
    expect(schemaKeys.length).toBeGreaterThan(20);
    const documented = new Set(
      [...read('../../../../../.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!),
    );
    expect(schemaKeys.filter((k) => !documented.has(k))).toEqual([]);
  });
});
