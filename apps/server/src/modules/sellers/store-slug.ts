/**
 * A new store's address (docs/seo-and-email.md, "Store pages"): the slug of its name, or the same with the lowest
 * free number (`-2`, `-3`, …) when another store has it. The unique index sellers_slug_unique is the last word: two
 * namesakes registering at the same instant cannot both get one address.
 */
import { sql } from 'drizzle-orm';
import { storeSlug } from '@mp/shared';
import type { DbOrTx } from '../../db/client';

export async function freeStoreSlug(db: DbOrTx, storename: string): Promise<string> {
  const base = storeSlug(storename);
  // the slug holds only [a-z0-9-], so it is safe inside the pattern
  const result = (await db.execute(
    sql`select slug from sellers where slug = ${base} or slug ~ ${`^${base}-[0-9]+$`}`,
  )) as unknown as { rows: { slug: string }[] };
  const taken = new Set(result.rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
