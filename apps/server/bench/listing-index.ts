/**
 * What the listing index (with the search index) costs to build (docs/search-and-listing.md, "The listing
 * index"): build time, the longest event-loop stall while it builds, and the memory it keeps. Run it against a database an earlier
 * `pnpm bench -- --products=500k --keep` left behind:
 *   BENCH_DB=mp_bench pnpm --filter @mp/server exec node --expose-gc --import tsx bench/listing-index.ts
 */
import { openPostgres } from '../src/db/client';
import { createLocalChangeFeed } from '../src/lib/change-feed';
import { ListingIndex } from '../src/modules/catalog/products/listing-index';

const url = new URL(process.env.DATABASE_URL ?? 'postgres://localhost:5432/postgres');
url.pathname = `/${process.env.BENCH_DB ?? 'mp_bench'}`;
const database = openPostgres(url.toString(), 4);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

let longestStall = 0;
let last = performance.now();
const ticker = setInterval(() => {
  const now = performance.now();
  longestStall = Math.max(longestStall, now - last);
  last = now;
}, 5);

gc();
// the heap and the typed arrays (the search index's posting lists and vectors live outside the heap)
const used = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
const before = used();
const index = new ListingIndex({
  db: database.db,
  changes: createLocalChangeFeed(),
  maxProducts: Number.MAX_SAFE_INTEGER,
});
const started = performance.now();
if (!(await index.ready())) throw new Error('the listing index was not built');
const buildMs = performance.now() - started;
gc();
const kept = used() - before;
clearInterval(ticker);
console.log(
  `listing index: built in ${buildMs.toFixed(0)} ms, longest event-loop stall ${longestStall.toFixed(0)} ms, ` +
    `memory kept ${(kept / 2 ** 20).toFixed(0)} MB (heap and typed arrays)`,
);
index.close();
await database.close();
