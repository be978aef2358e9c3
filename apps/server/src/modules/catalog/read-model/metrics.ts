/**
 * The read model's state on /metrics (docs/operations.md): catalogue reads counted by the database they went to
 * (`source`: "primary", or what a replica router's `source()` names). A replica router adds its own lag gauge
 * to the same registry; the catalogue cache's hit rates are lib/metrics.ts's.
 */
import { Counter, type Registry } from 'prom-client';
import type { ReadSource } from './search-provider';

export function countedReads(reader: ReadSource, registry: Registry): ReadSource {
  const reads = new Counter({
    name: 'mp_catalog_read_source_total',
    help: 'Catalogue read-model reads by the database they were sent to (primary or replica)',
    labelNames: ['source'] as const,
    registers: [registry],
  });
  return {
    db() {
      const db = reader.db();
      reads.inc({ source: reader.source?.() ?? 'primary' });
      return db;
    },
    source: () => reader.source?.() ?? 'primary',
  };
}
