import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { pickEncoding } from '../http-encoding';
import { webApp } from '../static-files';

const root = mkdtempSync(path.join(tmpdir(), 'mp-web-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const js = 'console.log("hello");'.repeat(100);
mkdirSync(path.join(root, 'assets'));
writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>shell</title>');
writeFileSync(path.join(root, 'assets/app-abc.js'), js);
writeFileSync(path.join(root, 'assets/app-abc.js.br'), brotliCompressSync(js));
writeFileSync(path.join(root, 'assets/app-abc.js.gz'), gzipSync(js));
writeFileSync(path.join(root, 'assets/tiny.css'), 'a{}');
const app = express().use(webApp(root));

describe('webApp', () => {
  it('when the browser accepts brotli, then the .br file is sent with its JS type and a year-long cache', async () => {
    const res = await request(app).get('/assets/app-abc.js').set('Accept-Encoding', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.text).toBe(js); // superagent decodes br, so a valid .br file was sent
  });

  it('when only gzip is accepted, then gzip; when none, then the plain file', async () => {
    const gz = await request(app).get('/assets/app-abc.js').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(js); // supertest inflates gzip
    const plain = await request(app).get('/assets/app-abc.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(js);
  });

  it('when a path is not a file, then index.html is sent uncached (client-side routes)', async () => {
    const res = await request(app).get('/shop/listing');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>shell</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('when a file with an extension does not exist, then 404 rather than the app shell', async () => {
    expect((await request(app).get('/favicon.ico')).status).toBe(404);
    expect((await request(app).get('/assets/old-chunk-123.js')).status).toBe(404);
    expect((await request(app).get('/product/abc')).status).toBe(200);
  });

  it('parses Accept-Encoding with q-values', () => {
    const both = new Set(['br', 'gzip'] as const);
    expect(pickEncoding('gzip;q=1, br;q=0', both)).toBe('gzip');
    expect(pickEncoding('*', both)).toBe('br');
    expect(pickEncoding('deflate', both)).toBeUndefined();
    expect(pickEncoding(undefined, both)).toBeUndefined();
  });
});
