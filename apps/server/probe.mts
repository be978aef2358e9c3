import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
const t = Date.now();
const c = await PGlite.create({ extensions: { pg_trgm } });
console.log('create ms', Date.now() - t);
const db = drizzle(c);
await db.execute(sql`create extension if not exists pg_trgm`);
const r = await db.execute(
  sql`select similarity('samsung','samsnug') as s, version() as v, gen_random_uuid() as id`,
);
console.log(r.rows);
const t2 = Date.now();
const d = await c.dumpDataDir('none');
console.log('dump', d.size, Date.now() - t2);
const t3 = Date.now();
const c2 = await PGlite.create({ loadDataDir: d, extensions: { pg_trgm } });
console.log('load ms', Date.now() - t3);
console.log((await c2.query('select extname from pg_extension')).rows);
