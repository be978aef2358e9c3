import type { Tax } from './modules/tax/tax.service';
import type { Delivery } from './modules/delivery';
import type { ReturnPickups } from './modules/delivery/returns';
import type { CodReturnRefunds } from './modules/commerce/cod-refunds';
import type { Config } from './config/env';
import type { Db } from './db/client';
import type { CatalogReader } from './db/read-routing';
import type { ChangeFeed } from './lib/change-feed';
import type { Lifecycle } from './lib/health';
import type { Logger } from './lib/logger';
import type { Metrics } from './lib/metrics';
import type { Sessions } from './lib/session';
import type { FileStorage } from './lib/storage/storage';
import type { PasswordHasher } from './modules/auth/passwords';
import type { BannerService } from './modules/catalog/banners/banner.service';
import type { BrandService } from './modules/catalog/brands/brand.service';
import type { CatalogCache } from './modules/catalog/catalog-cache';
import type { CatalogReads } from './modules/catalog/catalog-reads';
import type { ProductImports } from './modules/catalog/import/product-imports';
import type { ProductService } from './modules/catalog/products/product.service';
import type { Earnings } from './modules/commerce/earnings/earnings.service';
import type { Returns } from './modules/commerce/returns/returns.service';
import type { Notifications } from './modules/notifications/notifications.service';
import type { MoneyService } from './modules/commerce/money/money.service';
import type { OrderService } from './modules/commerce/orders/order.service';
import type { PaymentProvider } from './modules/commerce/payments/payment-provider';
import type { RazorpayGateway } from './modules/commerce/payments/razorpay-provider';
import type { SmsProvider } from './modules/sms/sms-provider';
import type { SmsOutbox } from './modules/sms/sms-outbox';
import type { InstanceLimit } from './lib/rate-limit';
import type { Stores } from './modules/stores';

/** Everything a router needs, built once at start (or per test). */
export interface AppDeps {
  /** GST profiles, documents, statements and reports (docs/tax.md) */
  tax: Tax;
  config: Config;
  db: Db;
  logger: Logger;
  sessions: Sessions;
  storage: FileStorage;
  /**
   * what changed in the catalogue, heard by every instance (write sites publish, caches subscribe;
   * docs/search-and-listing.md, docs/operations.md)
   */
  changes: ChangeFeed;
  /** where catalogue reads go: the primary, or the read replica once it has replayed every change heard */
  catalogReader: CatalogReader;
  /** cached catalogue answers, invalidated by `changes` */
  catalogCache: CatalogCache;
  /**
   * the public catalogue reads as ready JSON (the routes and the HTTP fast lane answer with them), computed by
   * the read model (docs/search-and-listing.md)
   */
  catalogReads: CatalogReads;
  /** product writes and the consoles' product lists */
  products: ProductService;
  /** sellers' bulk product upload: queue a CSV, read a job; its worker runs the jobs (docs/catalogue-import.md) */
  productImports: ProductImports;
  /** home page banners, their list kept in memory until `changes` tells of a change */
  banners: BannerService;
  /** brands as data: the shop's list (in memory until a `brands` change) and the admin's add and change */
  brands: BrandService;
  /** store pages: the public answer (cached until `changes` tells of a change) and the seller's settings */
  stores: Stores;
  metrics: Metrics;
  /** draining for a shutdown: readiness answers 503 */
  lifecycle: Lifecycle;
  passwords: PasswordHasher;
  /** PayPal when configured, else the built-in sandbox */
  payments: PaymentProvider;
  /** the Indian payment gateway (UPI, cards, netbanking) when configured (docs/money.md) */
  gateway: RazorpayGateway | undefined;
  /** text messages: the SMS gateway, or the development outbox (one-time codes for cash on delivery) */
  sms: SmsProvider;
  /** text messages sent after commit and retried (docs/money.md, "Cash on delivery") */
  smsOutbox: SmsOutbox;
  /** capture, cancel, refund use cases (docs/money.md) */
  money: MoneyService;
  /** the shopper's orders: place, capture, cancel, list (docs/orders-and-stock.md) */
  orders: OrderService;
  /** seller earnings, commission and payouts (docs/money.md, "Seller earnings") */
  earnings: Earnings;
  /** returns after delivery: requests, decisions, the courier's steps, refunds, timers (docs/returns.md) */
  returns: Returns;
  /** a seller's notifications and their settings (docs/seo-and-email.md, "Seller notifications") */
  notifications: Notifications;
  /** delivery: the courier, estimates, pickup settings, shipments and tracking (docs/delivery.md) */
  delivery: Delivery;
  /** a return's reverse pickup through the courier (docs/delivery.md, "Reverse pickup") */
  returnPickups: ReturnPickups;
  /** refunds of cash-on-delivery returns paid out to the shopper's UPI id or bank account (docs/money.md) */
  codReturnRefunds: CodReturnRefunds;
  /** searches per client address (docs/security.md, "Rate limits"): the search routes and the fast lane count here */
  searchLimit: InstanceLimit;
}
