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

describe('docker', () => {
  it('when compose starts the app, then it reads .env whole, so every key of .env.example reaches the server', () => {
    const compose = read('../../../../../docker-compose.yml');
    const app = compose.slice(compose.indexOf('\n  app:'));
    expect(app).toMatch(/\n {4}env_file:\n {6}- path: \.env\n/);
  });

  it('when the image is built, then no Dockerfile frontend image is fetched (no syntax line)', () => {
    expect(read('../../../../../Dockerfile')).not.toMatch(/^#\s*syntax=/m);
  });
});
