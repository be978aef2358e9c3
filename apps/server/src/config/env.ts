/** The only place that reads process.env. A wrong value stops start-up with a list of what is wrong. */
import { z } from 'zod';
import { INDIAN_STATES, isValidGstin } from '@mp/shared';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
    DATABASE_READ_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    DATABASE_READ_POOL_MAX: z.coerce.number().int().min(1).max(100).optional(),
    CATALOG_CACHE_ENTRIES: z.coerce.number().int().min(1).default(5000),
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15000),
    DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
    DATABASE_IDLE_TX_TIMEOUT_MS: z.coerce.number().int().min(0).default(30000),
    DATABASE_STARTUP_TIMEOUT_MS: z.coerce.number().int().min(0).default(60000),
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(5000),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(20000),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_PUBLIC_URL: z.url().optional(),
    S3_FORCE_PATH_STYLE: bool.optional(),
    DATA_DIR: z.string().min(1).default('.data'),
    UPLOAD_DIR: z.string().min(1).optional(),
    WEB_DIST: z.string().optional(),
    JWT_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    JWT_EXPIRES_IN: z
      .string()
      .regex(/^\d+[smhd]$/, 'must look like 7d, 12h or 3600s')
      .default('7d'),
    PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(1024).max(1_048_576).default(19_456),
    COOKIE_SECURE: bool.optional(),
    TRUST_PROXY: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    SEARCH_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
    IMAGE_UPLOAD_RATE_LIMIT: z.coerce.number().int().min(1).default(100),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    SEED_DEMO: bool.optional(),
    CLOUDINARY_URL: z
      .string()
      .regex(/^cloudinary:\/\/[^:]+:[^@]+@.+/, 'must look like cloudinary://key:secret@cloud')
      .optional(),
    CLOUDINARY_API_BASE: z.url().optional(),
    PAYPAL_CLIENT_ID: z.string().min(1).optional(),
    PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
    PAYPAL_API_BASE: z.url().default('https://api-m.sandbox.paypal.com'),
    PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
    PAYPAL_CURRENCY: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be a 3-letter currency code')
      .default('INR'),
    PAYPAL_TIMEOUT_MS: z.coerce.number().int().min(100).default(15000),
    RAZORPAY_KEY_ID: z.string().min(1).optional(),
    RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
    RAZORPAY_API_BASE: z.url().default('https://api.razorpay.com'),
    RAZORPAY_TIMEOUT_MS: z.coerce.number().int().min(100).default(10000),
    RAZORPAYX_ACCOUNT_NUMBER: z
      .string()
      .regex(/^\d{9,20}$/, 'must be the RazorpayX account number (digits)')
      .optional(),
    COD_MAX_RUPEES: z.coerce.number().min(0).default(10_000),
    SMS_API_URL: z.url().optional(),
    SMS_API_KEY: z.string().min(1).optional(),
    SMS_SENDER_ID: z.string().min(1).default('MKTPLC'),
    COURIER_API_BASE: z.url().default('https://apiv2.shiprocket.in'),
    COURIER_API_KEY: z.string().min(1).optional(),
    COURIER_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    COURIER_FAKE_ADVANCE_MS: z.coerce.number().int().min(0).default(60_000),
    PAYMENT_HOLD_MINUTES: z.coerce.number().int().min(1).default(30),
    UNPAID_ORDER_LINES_MAX: z.coerce.number().int().min(1).default(30),
    UNPAID_ORDER_UNITS_MAX: z.coerce.number().int().min(1).default(200),
    UNPAID_LINE_STOCK_PERCENT: z.coerce.number().int().min(1).max(100).default(50),
    UNPAID_LINE_UNITS_ALWAYS: z.coerce.number().int().min(1).default(5),
    HOLD_EXPIRIES_BEFORE_COOLDOWN: z.coerce.number().int().min(1).default(3),
    HOLD_COOLDOWN_HOURS: z.coerce.number().min(0).default(24),
    PLATFORM_COMMISSION_PERCENT: z.coerce
      .number()
      .min(0, 'must be from 0 to 100')
      .max(100, 'must be from 0 to 100')
      .multipleOf(0.01, 'at most two decimals')
      .default(10),
    // the platform as a supplier of commission and shipping (docs/tax.md)
    PLATFORM_LEGAL_NAME: z.string().min(2).default('Marketplace Operator Pvt Ltd'),
    PLATFORM_GSTIN: z
      .string()
      .refine((v) => isValidGstin(v), 'must be a valid GSTIN')
      .default('27AAPFU0939F1ZV'),
    PLATFORM_STATE: z.enum(INDIAN_STATES).default('Maharashtra'),
    PLATFORM_ADDRESS: z.string().min(5).default('1 Market Street, Mumbai 400001'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/.+/, 'must look like smtp://user:pass@host:587 or smtps://user:pass@host:465')
      .optional(),
    MAIL_FROM: z.string().min(3).optional(),
    MAIL_PER_RECIPIENT_PER_HOUR: z.coerce.number().int().min(1).default(20),
    MAIL_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(1).default(60),
    DOCUMENT_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(10),
    DOCUMENT_UPLOAD_MB_PER_HOUR: z.coerce.number().int().min(1).default(25),
    UNCLAIMED_UPLOADS_MB_MAX: z.coerce.number().int().min(1).default(500),
    UNCLAIMED_UPLOAD_GRACE_HOURS: z.coerce.number().min(0).default(24),
    ALLOW_SANDBOX_PAYMENTS: bool.optional(),
    IMPORT_MAX_MB: z.coerce.number().min(0.001).max(100).default(5),
    IMPORT_MAX_ROWS: z.coerce.number().int().min(1).max(100_000).default(5000),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  })
  .superRefine(
    (e, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      /** one of two settings that go together is set without the other */
      const apart = (a: unknown, b: unknown) => Boolean(a) !== Boolean(b);
      if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
        // only the server signs sessions: the database commands (db:migrate, db:backup) run without it
        ctx.addIssue({
          code: 'custom',
          path: ['JWT_SECRET'],
          message: 'is required in production',
          params: { serverOnly: true },
        });
      }
      if (e.DATABASE_READ_URL && !e.DATABASE_URL)
        issue('DATABASE_READ_URL', 'needs DATABASE_URL (the primary the replica follows)');
      if (apart(e.PAYPAL_CLIENT_ID, e.PAYPAL_CLIENT_SECRET))
        issue('PAYPAL_CLIENT_SECRET', 'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together');
      if (apart(e.RAZORPAY_KEY_ID, e.RAZORPAY_KEY_SECRET))
        issue('RAZORPAY_KEY_SECRET', 'RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together');
      if (e.COURIER_API_KEY && !e.COURIER_WEBHOOK_SECRET)
        issue(
          'COURIER_WEBHOOK_SECRET',
          'is required with COURIER_API_KEY (tracking webhooks are signed with it)',
        );
      if (apart(e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY))
        issue('S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
      if (e.S3_BUCKET && e.CLOUDINARY_URL)
        issue('S3_BUCKET', 'choose one image storage: S3_BUCKET or CLOUDINARY_URL, not both');
      if (apart(e.ADMIN_EMAIL, e.ADMIN_PASSWORD))
        issue('ADMIN_PASSWORD', 'ADMIN_EMAIL and ADMIN_PASSWORD go together');
      // run even when a field above is already wrong, so start-up lists every problem at once
    },
    { when: () => true },
  );

export interface HoldLimits {
  /** lines of one unpaid order */
  linesMax: number;
  /** units of one unpaid order, all lines together */
  unitsMax: number;
  /** one line takes at most this share of its product's stock … */
  lineStockPercent: number;
  /** … or this many units, whichever is more (buying the last few of a product is normal) */
  lineUnitsAlways: number;
  /** a product whose holds ended unpaid this many times within `cooldownMs` cannot be held again for now */
  expiriesBeforeCooldown: number;
  cooldownMs: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /** a streaming replica of DATABASE_URL that catalogue reads go to (docs/operations.md, "Read replica") */
  databaseReadUrl: string | undefined;
  /** pool size for databaseReadUrl, per instance (DATABASE_POOL_MAX unless set) */
  databaseReadPoolMax: number;
  /** the catalogue answer cache holds at most this many answers (docs/search-and-listing.md, "Caches") */
  catalogCacheEntries: number;
  /** bounded waits (docs/operations.md): pool acquire/connect, statement, lock, idle-in-transaction, start-up */
  databaseTimeouts: {
    connectMs: number;
    statementMs: number;
    lockMs: number;
    idleInTransactionMs: number;
    startupMs: number;
  };
  /** the longest a client may take to send a whole request, headers and body (docs/security.md) */
  requestTimeoutMs: number;
  shutdown: { drainMs: number; timeoutMs: number };
  metricsToken: string | undefined;
  /** GET /metrics is served: always outside production, in production only with METRICS_TOKEN */
  metricsEnabled: boolean;
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
        publicUrl: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  dataDir: string;
  uploadDir: string;
  webDist: string | undefined;
  /** JWT_SECRET; unset outside production: the installation's own secret in the database (docs/security.md) */
  jwtSecret: string | undefined;
  jwtExpiresIn: string;
  /** argon2id memory per hash (docs/security.md) */
  passwordHashMemoryKib: number;
  cookieSecure: boolean;
  trustProxy: string | undefined;
  logLevel: string;
  loginRateLimit: number;
  /** searches and suggestions per client address per minute (docs/security.md, "Rate limits") */
  searchRateLimit: number;
  /** product and banner image uploads per user per hour (docs/security.md, "Rate limits") */
  imageUploadRateLimit: number;
  admin: { email: string; password: string } | undefined;
  seedDemo: boolean;
  cloudinaryUrl: string | undefined;
  cloudinaryApiBase: string | undefined;
  paypal: PayPalConfig | undefined;
  paypalCurrency: string;
  /**
   * The Indian payment gateway (Razorpay's REST API; docs/money.md, "UPI, cards and netbanking"): set when its keys
   * are; outside production without keys, src/index.ts starts the local fake gateway and fills this in.
   */
  razorpay: RazorpayConfig | undefined;
  /** the largest order total cash on delivery is offered for, in paise (docs/money.md, "Cash on delivery") */
  codMaxPaise: number;
  /** the SMS gateway for one-time codes; unset: the development outbox DATA_DIR/sms */
  sms: { apiUrl: string | undefined; apiKey: string | undefined; senderId: string; dir: string };
  /**
   * The courier aggregator (docs/delivery.md): COURIER_API_KEY's; unset outside production, the server starts the
   * fake courier in-process (src/index.ts); unset in production, delivery is off (estimate and shipments 503).
   */
  courier: { apiBase: string; apiKey: string; webhookSecret: string } | undefined;
  /** how often the in-process fake courier moves each parcel one status (0: never) */
  courierFakeAdvanceMs: number;
  paymentHoldMinutes: number;
  /** what one unpaid shopper may hold (docs/orders-and-stock.md, "Hold limits") */
  holdLimits: HoldLimits;
  /** the platform's commission on each delivered line, in basis points (docs/money.md, "Seller earnings") */
  commissionBps: number;
  /** the platform's GST registration, the supplier of commission invoices (docs/tax.md) */
  platformTax: { legalName: string; gstin: string; state: string; address: string };
  /** transactional e-mail: SMTP_URL's server, else the development mailbox `dir` (DATA_DIR/mail) */
  mail: { smtpUrl: string | undefined; from: string | undefined; dir: string };
  /** how many mails a client's requests may cause per hour (docs/seo-and-email.md, "Priority and limits") */
  mailLimits: { perRecipientPerHour: number; perClientPerHour: number };
  /** quotas of anonymous seller-document uploads (docs/orders-and-stock.md, "Uploads") */
  documentUploads: {
    /** files per client address per hour */
    filesPerHour: number;
    /** bytes per client address per hour */
    bytesPerHour: number;
    /** bytes of uploads no record refers to yet, all addresses together (beyond it, older ones are removed) */
    unclaimedBytesMax: number;
    /** how long an upload no record refers to is kept before the sweeper removes it */
    graceMs: number;
  };
  /** the largest product import a seller may upload (docs/catalogue-import.md) */
  productImport: { maxBytes: number; maxRows: number };
  /**
   * Which payment provider takes the money (docs/security.md): PayPal when its keys are set; else the built-in
   * sandbox outside production, or in production only when ALLOW_SANDBOX_PAYMENTS=true; else none (checkout 503).
   */
  paymentProvider: 'paypal' | 'sandbox' | 'none';
}

export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  apiBase: string;
  webhookId: string | undefined;
  currency: string;
  timeoutMs: number;
}

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  /** the secret webhooks are signed with; unset: webhooks are refused (400) */
  webhookSecret: string | undefined;
  apiBase: string;
  timeoutMs: number;
  /**
   * the business's RazorpayX account refunds of cash-on-delivery returns are paid out from (docs/money.md, "Refunds
   * of cash-on-delivery returns"); unset: those payouts are off
   */
  payoutAccountNumber?: string;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and checks the environment. `forServer: false` is for the database commands (db:migrate, db:backup,
 * db:restore), which sign no sessions and so need no JWT_SECRET (docs/operations.md, "Upgrades").
 */
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  { forServer = true }: { forServer?: boolean } = {},
): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const issues = (parsed.error?.issues ?? []).filter(
    (i) =>
      forServer || !(i.code === 'custom' && (i.params as { serverOnly?: boolean } | undefined)?.serverOnly),
  );
  if (issues.length) {
    throw new ConfigError(issues.map((i) => `${i.path.join('.') || '(env)'} ${i.message}`));
  }
  // only server-only issues were found: the fields themselves are valid
  const e = parsed.data ?? z.object(envSchema.shape).parse(cleaned);
  const isProduction = e.NODE_ENV === 'production';
  return Object.freeze({
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databaseReadUrl: e.DATABASE_READ_URL,
    databaseReadPoolMax: e.DATABASE_READ_POOL_MAX ?? e.DATABASE_POOL_MAX,
    catalogCacheEntries: e.CATALOG_CACHE_ENTRIES,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      lockMs: e.DATABASE_LOCK_TIMEOUT_MS,
      idleInTransactionMs: e.DATABASE_IDLE_TX_TIMEOUT_MS,
      startupMs: e.DATABASE_STARTUP_TIMEOUT_MS,
    },
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    shutdown: { drainMs: e.SHUTDOWN_DRAIN_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    metricsToken: e.METRICS_TOKEN,
    metricsEnabled: !isProduction || Boolean(e.METRICS_TOKEN),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          publicUrl: e.S3_PUBLIC_URL?.replace(/\/$/, ''),
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
        }
      : undefined,
    dataDir: e.DATA_DIR,
    uploadDir: e.UPLOAD_DIR ?? `${e.DATA_DIR}/uploads`,
    webDist: e.WEB_DIST,
    jwtSecret: e.JWT_SECRET,
    jwtExpiresIn: e.JWT_EXPIRES_IN,
    passwordHashMemoryKib: e.PASSWORD_HASH_MEMORY_KIB,
    cookieSecure: e.COOKIE_SECURE ?? isProduction,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    searchRateLimit: e.SEARCH_RATE_LIMIT,
    imageUploadRateLimit: e.IMAGE_UPLOAD_RATE_LIMIT,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    cloudinaryUrl: e.CLOUDINARY_URL,
    cloudinaryApiBase: e.CLOUDINARY_API_BASE,
    paypal:
      e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET
        ? {
            clientId: e.PAYPAL_CLIENT_ID,
            clientSecret: e.PAYPAL_CLIENT_SECRET,
            apiBase: e.PAYPAL_API_BASE.replace(/\/$/, ''),
            webhookId: e.PAYPAL_WEBHOOK_ID,
            currency: e.PAYPAL_CURRENCY,
            timeoutMs: e.PAYPAL_TIMEOUT_MS,
          }
        : undefined,
    paypalCurrency: e.PAYPAL_CURRENCY,
    razorpay:
      e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET
        ? {
            keyId: e.RAZORPAY_KEY_ID,
            keySecret: e.RAZORPAY_KEY_SECRET,
            webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
            apiBase: e.RAZORPAY_API_BASE.replace(/\/$/, ''),
            timeoutMs: e.RAZORPAY_TIMEOUT_MS,
            payoutAccountNumber: e.RAZORPAYX_ACCOUNT_NUMBER,
          }
        : undefined,
    codMaxPaise: Math.round(e.COD_MAX_RUPEES * 100),
    sms: {
      apiUrl: e.SMS_API_URL,
      apiKey: e.SMS_API_KEY,
      senderId: e.SMS_SENDER_ID,
      dir: `${e.DATA_DIR}/sms`,
    },
    courier:
      e.COURIER_API_KEY && e.COURIER_WEBHOOK_SECRET
        ? {
            apiBase: e.COURIER_API_BASE.replace(/\/$/, ''),
            apiKey: e.COURIER_API_KEY,
            webhookSecret: e.COURIER_WEBHOOK_SECRET,
          }
        : undefined,
    courierFakeAdvanceMs: e.COURIER_FAKE_ADVANCE_MS,
    paymentHoldMinutes: e.PAYMENT_HOLD_MINUTES,
    holdLimits: {
      linesMax: e.UNPAID_ORDER_LINES_MAX,
      unitsMax: e.UNPAID_ORDER_UNITS_MAX,
      lineStockPercent: e.UNPAID_LINE_STOCK_PERCENT,
      lineUnitsAlways: e.UNPAID_LINE_UNITS_ALWAYS,
      expiriesBeforeCooldown: e.HOLD_EXPIRIES_BEFORE_COOLDOWN,
      cooldownMs: e.HOLD_COOLDOWN_HOURS * 3_600_000,
    },
    commissionBps: Math.round(e.PLATFORM_COMMISSION_PERCENT * 100),
    platformTax: {
      legalName: e.PLATFORM_LEGAL_NAME,
      gstin: e.PLATFORM_GSTIN,
      state: e.PLATFORM_STATE,
      address: e.PLATFORM_ADDRESS,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, dir: `${e.DATA_DIR}/mail` },
    mailLimits: {
      perRecipientPerHour: e.MAIL_PER_RECIPIENT_PER_HOUR,
      perClientPerHour: e.MAIL_PER_CLIENT_PER_HOUR,
    },
    documentUploads: {
      filesPerHour: e.DOCUMENT_UPLOADS_PER_HOUR,
      bytesPerHour: e.DOCUMENT_UPLOAD_MB_PER_HOUR * 1024 * 1024,
      unclaimedBytesMax: e.UNCLAIMED_UPLOADS_MB_MAX * 1024 * 1024,
      graceMs: e.UNCLAIMED_UPLOAD_GRACE_HOURS * 3_600_000,
    },
    productImport: { maxBytes: Math.round(e.IMPORT_MAX_MB * 1024 * 1024), maxRows: e.IMPORT_MAX_ROWS },
    paymentProvider:
      e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET
        ? 'paypal'
        : (e.ALLOW_SANDBOX_PAYMENTS ?? !isProduction)
          ? 'sandbox'
          : 'none',
  });
}
