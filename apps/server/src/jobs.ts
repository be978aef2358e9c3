/**
 * Background work of a running server, started once by src/index.ts: orders a crash left half-created are released
 * at once, then timers release expired and half-created holds and remove uploads no record refers to
 * (docs/orders-and-stock.md), and retry refunds still pending at the provider (docs/money.md). Answers a stop function.
 */
import type { AppDeps } from './context';
import { releaseHalfCreatedOrders, startHoldSweeper } from './modules/commerce';
import { startBestSellers } from './modules/catalog/best-sellers/best-sellers';
import { startUploadSweeper } from './modules/sellers/document-uploads';

export function startBackgroundJobs({
  db,
  storage,
  config,
  logger,
  metrics,
  changes,
  money,
  delivery,
}: AppDeps): () => void {
  releaseHalfCreatedOrders(db, changes)
    .then((n) => {
      if (n > 0) logger.info({ released: n }, 'released orders a crash left without a payment');
    })
    .catch((err: unknown) => logger.error({ err }, 'releasing half-created orders failed'));
  const stopHolds = startHoldSweeper(db, changes, {
    intervalMs: 60_000,
    onSwept: (n) => metrics.sweep.ok(n),
    onReleased: (n) => logger.info({ released: n }, 'released expired stock holds'),
    onError: (err) => {
      metrics.sweep.failed();
      logger.error({ err }, 'expired-hold sweeper failed');
    },
  });
  const stopUploads = startUploadSweeper(db, storage, {
    graceMs: config.documentUploads.graceMs,
    onRemoved: (n) => logger.info({ removed: n }, 'removed uploads no record refers to'),
    onError: (err) => logger.error({ err }, 'upload sweeper failed'),
  });
  // refunds the provider could not make yet are retried with back-off until it confirms them (docs/money.md)
  const stopRefunds = money.refunder.startSweeper({
    intervalMs: 60_000,
    onError: (err) => logger.error({ err }, 'refund sweeper failed'),
  });
  // Best Seller follows the last 30 days' sales (docs/search-and-listing.md, "Best sellers")
  const stopBestSellers = startBestSellers(db, changes, {
    intervalMs: 10 * 60_000,
    onError: (err) => logger.error({ err }, 'working out the best sellers failed'),
  });
  // shipments queued by sellers are made with the courier; parcels on their way are polled (docs/delivery.md)
  const stopDelivery = delivery.start();
  return () => {
    stopDelivery();
    stopBestSellers();
    stopRefunds();
    stopHolds();
    stopUploads();
  };
}
