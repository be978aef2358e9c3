import type { Config } from './config/env';
import type { AppDeps } from './context';
import type { Db } from './db/client';
import { createCatalogReader, type CatalogReader } from './db/read-routing';
import { createLocalChangeFeed, type ChangeFeed } from './lib/change-feed';
import { createLifecycle } from './lib/health';
import type { Logger } from './lib/logger';
import { createMetrics, type Metrics } from './lib/metrics';
import { instanceRateLimit } from './lib/rate-limit';
import { createSessions } from './lib/session';
import { createStorage } from './lib/storage';
import { createBannerService } from './modules/catalog/banners/banner.service';
import { createBrandDirectory } from './modules/catalog/brands/brand-directory';
import { createBrandService } from './modules/catalog/brands/brand.service';
import { CatalogCache } from './modules/catalog/catalog-cache';
import { createCatalogReads } from './modules/catalog/catalog-reads';
import { createProductImports } from './modules/catalog/import/product-imports';
import { createProductService } from './modules/catalog/products/product.service';
import { createPostgresProvider } from './modules/catalog/read-model/postgres';
import { sessionUserLookup } from './modules/auth/auth.service';
import { createPasswordHasher } from './modules/auth/passwords';
import { createEarnings } from './modules/commerce/earnings/earnings.service';
import { createMoneyService } from './modules/commerce/money/money.service';
import { createPaymentProvider } from './modules/commerce/payments';
import { createRazorpayProvider } from './modules/commerce/payments/razorpay-provider';
import { routePayments } from './modules/commerce/payments/razorpay-routing';
import { createSmsProvider } from './modules/sms/sms-provider';
import { createSmsOutbox } from './modules/sms/sms-outbox';
import { codAvailable } from './modules/commerce/payments/shop-config';
import { createOrderService } from './modules/commerce/orders/order.service';
import { createReturns } from './modules/commerce/returns/returns.service';
import { createNotifications } from './modules/notifications/notifications.service';
import { createStores } from './modules/stores';
import { createTax } from './modules/tax/tax.service';
import { createDelivery } from './modules/delivery';
import { createReturnPickups } from './modules/delivery/returns';
import { returnParcelOf } from './modules/delivery/returns/return-parcel';
import { createCodReturnRefunds, gatewayFor } from './modules/commerce/cod-refunds';
import { withRefundDestinationCheck } from './modules/commerce/cod-refunds/request-check';
import { createShiprocketCourier } from './modules/delivery/shiprocket-courier';

export interface DepsOptions {
  /** the process's feed (PostgreSQL LISTEN/NOTIFY in src/index.ts); in-process by default */
  changes?: ChangeFeed;
  metrics?: Metrics;
  /** where catalogue reads go (src/index.ts: the read replica when DATABASE_READ_URL is set); the primary by default */
  catalogReader?: CatalogReader;
}

/**
 * The composition root: every shared service is made here, once per app. `config.jwtSecret` is resolved first
 * (withJwtSecret: JWT_SECRET or the installation's own, docs/security.md).
 */
export function buildDeps(
  config: Config & { jwtSecret: string },
  db: Db,
  logger: Logger,
  options: DepsOptions = {},
): AppDeps {
  const changes = options.changes ?? createLocalChangeFeed(logger);
  const metrics = options.metrics ?? createMetrics();
  // made before the caches: it hears a change first, so the reads refilling them go to the primary
  const catalogReader = options.catalogReader ?? createCatalogReader({ primary: { db }, changes, logger });
  metrics.sources.catalogReader = catalogReader.stats;
  const catalogCache = new CatalogCache(db, changes, config.catalogCacheEntries);
  metrics.sources.catalogCache = catalogCache.stats;
  // brand labels and statuses in memory, read again after a `brands` change (docs/search-and-listing.md, "Brands")
  const brandDirectory = createBrandDirectory({ db, changes });
  // the catalogue read model (docs/search-and-listing.md): PostgreSQL, every read on the reader's handle
  const catalogReads = createCatalogReads({
    catalogCache,
    provider: createPostgresProvider({
      reader: catalogReader,
      catalogCache,
      changes,
      brands: brandDirectory,
    }),
  });
  // the payment provider, the money use cases and the shopper's order use cases (docs/money.md,
  // docs/orders-and-stock.md): one of each per process
  // the Indian gateway beside PayPal: payments of UPI, cards and netbanking go to it (payments/razorpay-routing.ts)
  const gateway = config.razorpay ? createRazorpayProvider(config.razorpay) : undefined;
  const payments = routePayments(createPaymentProvider({ config, db }), gateway);
  const sms = createSmsProvider(config.sms);
  const smsOutbox = createSmsOutbox({ db, provider: sms, logger });
  const earnings = createEarnings({ db, commissionBps: config.commissionBps });
  const money = createMoneyService({
    earnings,
    db,
    changes,
    provider: payments,
    logger,
    currency: config.paypalCurrency,
    mailLimits: config.mailLimits,
  });
  // reverse pickup (docs/delivery.md): bound to the returns core once it is made (returnPickups.bind)
  const returnPickups = createReturnPickups({
    db,
    logger,
    courier: config.courier ? createShiprocketCourier(config.courier) : undefined,
  });
  // refunds of COD returns to a UPI id or bank account; off without a payout account (docs/money.md)
  const codReturnRefunds = createCodReturnRefunds({ db, logger, gateway: gatewayFor(config) });
  metrics.sources.backlogs = {
    return_pickups: returnPickups.backlog,
    refund_payouts: codReturnRefunds.backlog,
  };
  const delivery = createDelivery({
    config,
    db,
    changes,
    logger,
    money,
    earnings,
    returnEvents: returnPickups.applyEvent,
  });
  const orders = createOrderService({
    delivery,
    db,
    provider: payments,
    money,
    holdMinutes: config.paymentHoldMinutes,
    holdLimits: config.holdLimits,
    logger,
    changes,
    // not offered in production without an SMS gateway and a courier (shop-config.ts)
    cod: codAvailable(config) ? { maxPaise: config.codMaxPaise, sms: smsOutbox } : undefined,
  });
  // returns (docs/returns.md): the courier's reverse pickup and the payout of a COD return's refund are its ports
  const returns = createReturns({
    db,
    changes,
    logger,
    money,
    earnings,
    currency: config.paypalCurrency,
    pickups: returnPickups,
    codRefunds: codReturnRefunds,
  });
  // the courier's news of a return's parcel moves the return (docs/delivery.md, "Reverse pickup")
  returnPickups.bind({ parcelOf: returnParcelOf, steps: returns });
  // a COD return's UPI id or bank account is checked with the payout gateway at request time (docs/money.md)
  const checkedReturns = withRefundDestinationCheck(returns, codReturnRefunds, config.isProduction);
  const storage = createStorage(config);
  const products = createProductService({ db, changes });
  return {
    config,
    db,
    logger,
    sessions: createSessions(config, sessionUserLookup(db)),
    storage,
    passwords: createPasswordHasher({ memoryKib: config.passwordHashMemoryKib }),
    changes,
    catalogCache,
    catalogReader,
    catalogReads,
    products,
    productImports: createProductImports({
      db,
      logger,
      products,
      changes,
      limits: config.productImport,
    }),
    banners: createBannerService({ db, changes }),
    brands: createBrandService({ db, changes, directory: brandDirectory }),
    stores: createStores({ db, reader: () => catalogReader.db(), storage, changes, logger }),
    metrics,
    lifecycle: createLifecycle(),
    payments,
    gateway,
    sms,
    smsOutbox,
    money,
    orders,
    earnings,
    returns: checkedReturns,
    notifications: createNotifications({ db }),
    tax: createTax({ db, logger, platform: config.platformTax }),
    delivery,
    returnPickups,
    codReturnRefunds,
    searchLimit: instanceRateLimit({
      windowMs: 60_000,
      limit: config.searchRateLimit,
      message: 'Too many searches. Please wait a minute and try again.',
    }),
  };
}
