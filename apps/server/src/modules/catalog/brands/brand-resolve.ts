import { eq, or } from 'drizzle-orm';
import { brandSlugOf, brandSpelling } from '@mp/shared';
import type { DbOrTx } from '../../../db/client';
import { brands } from '../../../db/schema';

type BrandRow = Pick<typeof brands.$inferSelect, 'id' | 'status' | 'mergedInto'>;
const fields = { id: brands.id, status: brands.status, mergedInto: brands.mergedInto };

/** The brand a product is filed under for this brand, following merges. */
async function followMerges(tx: DbOrTx, row: BrandRow): Promise<BrandRow> {
  let current = row;
  // merges repoint older merges to the newest target, so this loops at most once or twice
  for (let hops = 0; current.mergedInto && hops < 10; hops++) {
    const [next] = await tx.select(fields).from(brands).where(eq(brands.id, current.mergedInto));
    if (!next) break;
    current = next;
  }
  return current;
}

/** A free slug for a new brand: its own, or with -2, -3… when another brand holds it. */
async function freeSlug(tx: DbOrTx, label: string): Promise<string> {
  const base = brandSlugOf(label) || 'brand';
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const [taken] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, slug));
    if (!taken) return slug;
  }
}

/** A new brand row: active when the admin names it, else pending until the admin accepts or maps it. */
export async function insertBrand(tx: DbOrTx, label: string, status: 'active' | 'pending') {
  const id = await freeSlug(tx, label);
  const [row] = await tx
    .insert(brands)
    .values({ id, label: label.trim(), spelling: brandSpelling(label), status })
    .onConflictDoNothing()
    .returning();
  return row;
}

export interface ResolvedBrand {
  id: string;
  /** the brand waits for the admin: so does the product filed under it */
  pending: boolean;
}

/**
 * The brand a product input names (docs/search-and-listing.md, "Brands"): a brand's slug, else the brand with the
 * same spelling ("H & M", "HM" → h&m; "Levis" → levi), merges followed; else a new brand, pending unless the
 * admin named it. Runs in the product write's transaction.
 */
export async function resolveBrand(tx: DbOrTx, name: string, by: 'admin' | 'seller'): Promise<ResolvedBrand> {
  const spelling = brandSpelling(name);
  const found = await tx
    .select(fields)
    .from(brands)
    .where(or(eq(brands.id, name.trim().toLowerCase()), eq(brands.spelling, spelling)));
  const row = found.find((b) => b.id === name.trim().toLowerCase()) ?? found[0];
  if (row) {
    const brand = await followMerges(tx, row);
    return { id: brand.id, pending: brand.status === 'pending' };
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const created = await insertBrand(tx, name, by === 'admin' ? 'active' : 'pending');
    if (created) return { id: created.id, pending: created.status === 'pending' };
    // another request added the same spelling meanwhile: file under that one (else its slug was taken: again)
    const [raced] = await tx.select(fields).from(brands).where(eq(brands.spelling, spelling));
    if (raced) return { id: raced.id, pending: raced.status === 'pending' };
  }
  throw new Error('could not add the brand');
}
