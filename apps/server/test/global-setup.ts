/**
 * Runs once per test run: migrates a template database so each test file starts from a fresh copy fast.
 * PGlite (default): a migrated in-memory database is dumped to a file that every test file loads.
 * DATABASE_URL set: a migrated template database on that server; each test file clones it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openPglite, openPostgres } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
  }
}

export async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `mp_test_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const database = openPostgres(templateUrl.toString(), 1);
    await database.migrate();
    await database.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteDump', '');
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`).catch(() => undefined);
      await admin.end();
    };
  }
  const database = await openPglite();
  await database.migrate();
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'mp-test-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
  project.provide('pgTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
