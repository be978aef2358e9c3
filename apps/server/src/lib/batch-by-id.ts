/**
 * Reads by id, batched (docs/search-and-listing.md, "Reads by id are batched"): every id asked for in one turn of
 * the event loop, across all the requests parsed in it, goes to the database as one statement. On this machine a
 * round trip to PostgreSQL costs more CPU (the socket write and waking the backend) than reading a few more rows
 * in it, so under load a batch of cold reads costs about what one did. DataLoader does the batching; its
 * memoization is off (every call reads afresh: caching is the catalogue cache's job), and a batch is sent from
 * `setImmediate`, after the poll phase has parsed every request that arrived, not after the current request's
 * microtasks (DataLoader's default), which would batch nothing across requests.
 */
import DataLoader from 'dataloader';

/** At most this many ids go in one statement. */
const MAX_BATCH = 500;

/**
 * A reader of one item by id from `readMany`, which answers the items it found by id (a missing id reads as
 * undefined). Ids are matched as `readMany` answers them: callers pass them in that form (uuids in lower case,
 * as PostgreSQL prints them). A failing read fails every caller of that batch.
 */
export function batchById<V>(
  readMany: (ids: readonly string[]) => Promise<ReadonlyMap<string, V>>,
): (id: string) => Promise<V | undefined> {
  const loader = new DataLoader<string, V | undefined>(
    async (ids) => {
      const found = await readMany(ids);
      return ids.map((id) => found.get(id));
    },
    { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (send) => setImmediate(send) },
  );
  return (id) => loader.load(id);
}
