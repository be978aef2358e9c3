/**
 * Background work of a running server, started once by src/index.ts: orders a crash left half-created are released
 * at once, then timers release expired and half-created holds and remove uploads no record refers to
 * (docs/orders-and-stock.md), and retry refunds still pending at the provider (docs/money.md). Answers a stop function.
 */
import type { AppDeps } from './context';
import { releaseHalfCreatedOrders, startHoldSweeper } from './modules/commerce';
import { startBestSellers } from './modules/catalog/best-sellers/best-sellers';
import { startGatewayReconciler } from './modules/commerce/payments/razorpay-reconciler';
import { startUploadSweeper } from './modules/sellers/document-uploads';
import { startIntervalJob } from './lib/interval-job';

export function startBackgroundJobs({
  db,
  storage,
  config,
  logger,
  metrics,
  changes,
  money,
  tax,
  gateway,
  delivery,
  smsOutbox,
  returnPickups,
  codReturnRefunds,
  returns,
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
  // tax documents' PDFs (retried) and last month's commission invoices (docs/tax.md)
  const stopTax = startIntervalJob(() => tax.sweep(), {
    intervalMs: 30_000,
    onError: (err) => logger.error({ err }, 'tax document job failed'),
  });
  // gateway attempts no webhook or return completed are asked of the gateway (docs/money.md, "Exactly once")
  const stopGateway = gateway
    ? startGatewayReconciler(
        { db, logger, money, gateway, changes, payouts: codReturnRefunds },
        { intervalMs: 3 * 60_000, onError: (err) => logger.error({ err }, 'gateway reconciler failed') },
      )
    : () => undefined;
  // shipments queued by sellers are made with the courier; parcels on their way are polled (docs/delivery.md)
  const stopDelivery = delivery.start();
  // returns' reverse pickups are booked with the courier and polled (docs/delivery.md, "Reverse pickup")
  const stopPickups = returnPickups.start();
  // refunds of COD returns paid out to the shopper's UPI id or bank account (docs/money.md)
  const stopPayouts = codReturnRefunds.start();
  // text messages the SMS gateway did not take yet (docs/money.md, "Cash on delivery")
  const stopSms = smsOutbox.start({ intervalMs: 15_000 });
  // returns: silent sellers' requests approved, parcels back 48 h refunded, by stored deadlines (docs/returns.md)
  const stopReturns = returns.start({ intervalMs: 60_000 });
  return () => {
    stopReturns();
    stopSms();
    stopTax();
    stopGateway();
    stopDelivery();
    stopPickups();
    stopPayouts();
    stopBestSellers();
    stopRefunds();
    stopHolds();
    stopUploads();
  };
}
