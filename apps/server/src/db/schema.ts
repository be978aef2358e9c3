/**
 * The whole relational model. Money is integer paise; ids are uuid strings; timestamps are timestamptz.
 * Column keys are camelCase here and snake_case in SQL (drizzle `casing: 'snake_case'`).
 */
import {
  ADDRESS_PLACES,
  COUPON_FUNDERS,
  COUPON_KINDS,
  COUPON_SCOPES,
  COUPON_USE_STATES,
  BRAND_STATUSES,
  BUSINESS_TYPES,
  GENDERS,
  IMPORT_STATUSES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  RETURN_ACTORS,
  RETURN_EVENT_KINDS,
  RETURN_REASONS,
  RETURN_STATES,
  ROLES,
  SELLER_APPROVAL_STATUSES,
  SELLER_ENTRY_TYPES,
  SELLER_NOTIFICATION_KINDS,
  type ProductOption,
  type RefundToInput,
} from '@mp/shared';
import { REFUND_PAYOUT_STATES, RETURN_PICKUP_STATES } from '@mp/shared';
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const id = () => uuid().primaryKey().defaultRandom();

/**
 * `column in ('a','b',…)` for a check constraint, written from the one list of allowed values (the contract's enum
 * in @mp/shared, or the table's own list), so a status is listed once.
 */
const isOneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(','))})`;

const REFUND_STATUSES = ['pending', 'completed'] as const;
const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text().notNull(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    role: text({ enum: ROLES }).notNull().default('user'),
    phone: text(),
    fullName: text(),
    gender: text({ enum: GENDERS }),
    dob: date({ mode: 'string' }),
    /**
     * Sessions carry the version they were issued at; logout, a password change or a seller's rejection bump it,
     * which ends every older session on every instance (docs/security.md).
     */
    sessionVersion: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    check('users_role_check', isOneOf(t.role, ROLES)),
    check('users_gender_check', sql`${t.gender} is null or ${isOneOf(t.gender, GENDERS)}`),
  ],
);

export const sellers = pgTable(
  'sellers',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storename: text().notNull(),
    /**
     * the store page's address, /shop/store/{slug} (docs/seo-and-email.md, "Store pages"): made from the store
     * name at registration, with a number on a clash; never changes. The default only fills rows the migration
     * backfills.
     */
    slug: text()
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    /** the store page's logo and banner: image URLs uploaded through the image pipeline (docs/images.md) */
    logo: text(),
    banner: text(),
    businesstype: text({ enum: BUSINESS_TYPES }).notNull(),
    gstno: text(),
    document: text().notNull(),
    address: text().notNull(),
    bankaccount: text().notNull(),
    ifsccode: text().notNull(),
    approvalstatus: text({ enum: SELLER_APPROVAL_STATUSES }).notNull().default('pending'),
    isapproved: boolean().notNull().default(false),
    decidedAt: timestamp({ withTimezone: true }),
    /** the seller's own commission rate in basis points (10% = 1000); null: PLATFORM_COMMISSION_PERCENT */
    commissionBps: integer(),
    /** the seller takes cash on delivery (docs/money.md, "Cash on delivery") */
    acceptsCod: boolean().notNull().default(true),
    /** a product's stock at or below this raises a low-stock notice (docs/seo-and-email.md); 0: none */
    lowStockThreshold: integer().notNull().default(5),
    /** where the courier picks parcels up, and the seller's dispatch rules (docs/delivery.md); null: not set yet */
    pickupAddress: text(),
    pickupPincode: text(),
    dispatchDays: smallint().notNull().default(1),
    /** "HH:MM" IST: an order at or after it counts from the next working day */
    dispatchCutoff: text().notNull().default('14:00'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sellers_user_unique').on(t.userId),
    uniqueIndex('sellers_slug_unique').on(t.slug),
    check(
      'sellers_commission_range',
      sql`${t.commissionBps} is null or (${t.commissionBps} >= 0 and ${t.commissionBps} <= 10000)`,
    ),
    index('sellers_status_idx').on(t.approvalstatus, t.createdAt),
    check('sellers_low_stock_threshold_range', sql`${t.lowStockThreshold} >= 0`),
    check('sellers_status_check', isOneOf(t.approvalstatus, SELLER_APPROVAL_STATUSES)),
    check('sellers_approved_consistent', sql`${t.isapproved} = (${t.approvalstatus} = 'approved')`),
    check('sellers_businesstype_check', isOneOf(t.businesstype, BUSINESS_TYPES)),
  ],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    title: text().notNull(),
    description: text().notNull(),
    category: text().notNull(),
    brand: text().notNull(),
    pricePaise: integer().notNull(),
    salePricePaise: integer(),
    /** whole percent 0–100 */
    discount: integer().notNull().default(0),
    totalStock: integer().notNull().default(0),
    /** the first of `images`, kept for the many readers of one picture (carts, orders, wishlists) */
    image: text().notNull(),
    /** every picture in order, 1 to LIMITS.productImagesMax; images[1] = image (docs/images.md) */
    images: text().array().notNull(),
    /** null for products the admin lists directly */
    sellerId: uuid().references(() => sellers.id, { onDelete: 'restrict' }),
    /** the packed parcel of one unit (docs/delivery.md); null: the category's default */
    weightGrams: integer(),
    lengthCm: smallint(),
    widthCm: smallint(),
    heightCm: smallint(),
    ratingSum: integer().notNull().default(0),
    reviewCount: integer().notNull().default(0),
    unitsSold: integer().notNull().default(0),
    wishlistCount: integer().notNull().default(0),
    /** among its category's top sellers of the last 30 days (docs/search-and-listing.md, "Best sellers") */
    bestSeller: boolean().notNull().default(false),
    popularity: integer()
      .notNull()
      .generatedAlwaysAs(sql`units_sold + wishlist_count`),
    /** the price a shopper pays per unit before the discount: salePrice when set and > 0, else price */
    effectivePricePaise: integer()
      .notNull()
      .generatedAlwaysAs(sql`coalesce(nullif(sale_price_paise, 0), price_paise)`),
    /**
     * The brand's label as search matches it (search_vector), kept from the brands table: a trigger sets it when
     * the brand is set, a rename relabels the brand's products in batches (docs/search-and-listing.md, "Brands")
     */
    brandLabel: text().notNull().default(''),
    searchVector: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('simple', coalesce(brand, '') || ' ' || coalesce(brand_label, '') || ' ' || coalesce(category, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
      ),
    /**
     * The title's words alone: search reads its candidates from the titles first (docs/search-and-listing.md), and
     * weight A of search_vector cannot do that: its index finds every product with the word anywhere, then each
     * row is read to check where the word was. A title holding a word of a synonym set also carries the set's
     * lexeme (`search_synonym_groups`, migration 0022): "nike shoes" reads one posting list for the footwear words
     * instead of merging nine (docs/search-and-listing.md, "Synonyms").
     */
    titleVector: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('english', coalesce(title, '')) || search_synonym_groups(to_tsvector('english', coalesce(title, '')))`,
      ),
    /**
     * Up to 3 options a shopper chooses from, e.g. [{ name: 'Size', values: ['S', 'M'] }]; [] for a product sold
     * as one default variant (docs/orders-and-stock.md, "Variants")
     */
    options: jsonb().$type<ProductOption[]>().notNull().default([]),
    /**
     * The dearest live variant's effective price; price_paise, sale_price_paise, discount and total_stock are the
     * cheapest variant's and the sum of the live variants' stock, all kept by the product_variants trigger
     */
    maxEffectivePricePaise: integer().notNull().default(0),
    /** the Size values with a live variant in stock, kept by the same trigger (the listing's size filter) */
    sizes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * soft delete: carts and orders keep pointing at it; the shop no longer lists it. Also set while the product
     * waits for its proposed brand (brandPending): the shop shows only products with no deletedAt.
     */
    deletedAt: timestamp({ withTimezone: true }),
    /** waits for the admin to accept or map its brand; off the shop meanwhile (docs/search-and-listing.md, "Brands") */
    brandPending: boolean().notNull().default(false),
    /** HSN code and GST rate (percent) of the goods (docs/tax.md); null on products from before: the category's */
    hsn: text(),
    gstRate: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_price_positive', sql`${t.pricePaise} > 0`),
    check(
      'products_sale_price_range',
      sql`${t.salePricePaise} is null or (${t.salePricePaise} >= 0 and ${t.salePricePaise} <= ${t.pricePaise})`,
    ),
    check('products_discount_range', sql`${t.discount} between 0 and 100`),
    check('products_stock_nonnegative', sql`${t.totalStock} >= 0`),
    check(
      'products_images_check',
      sql`cardinality(${t.images}) between 1 and 8 and ${t.images}[1] = ${t.image}`,
    ),
    check(
      'products_counters_nonnegative',
      sql`${t.unitsSold} >= 0 and ${t.wishlistCount} >= 0 and ${t.reviewCount} >= 0`,
    ),
    // the few products waiting for their brand (docs/search-and-listing.md, "Brands"): the admin's counts
    index('products_brand_pending_idx')
      .on(t.brand)
      .where(sql`${t.brandPending}`),
    // Listing: one index per filter × sort (docs/search-and-listing.md), each ending in id so every page is a
    // bounded walk of one index (or a merge of a few), never a sort of the whole filtered set.
    index('products_price_idx')
      .on(t.effectivePricePaise, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('products_title_idx')
      .on(t.title, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('products_category_price_idx')
      .on(t.category, t.effectivePricePaise, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('products_category_title_idx')
      .on(t.category, t.title, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('products_brand_price_idx')
      .on(t.brand, t.effectivePricePaise, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('products_brand_title_idx')
      .on(t.brand, t.title, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('products_category_brand_price_idx')
      .on(t.category, t.brand, t.effectivePricePaise, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('products_category_brand_title_idx')
      .on(t.category, t.brand, t.title, t.id)
      .where(sql`${t.deletedAt} is null`),
    // one seller's listing ("Sold by"), by price or title; also serves lookups by seller alone
    index('products_seller_price_idx')
      .on(t.sellerId, t.effectivePricePaise, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('products_seller_title_idx')
      .on(t.sellerId, t.title, t.id)
      .where(sql`${t.deletedAt} is null`),
    // the consoles' product lists, newest first, one page at a time
    index('products_live_created_idx')
      .on(sql`${t.createdAt} desc`, sql`${t.id} desc`)
      .where(sql`${t.deletedAt} is null`),
    // Without a pending list (fastupdate off): an update outside HOT (an edit) queued its words in a list that
    // every search then scanned until a vacuum. Sales stay HOT: no index holds stock, units sold or anything a
    // sale writes (docs/search-and-listing.md, "Sales do not touch the indexes")
    index('products_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    index('products_title_search_idx').using('gin', t.titleVector).with({ fastupdate: false }),
    index('products_title_trgm_idx')
      .using('gin', sql`lower(${t.title}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('products_discount_idx')
      .on(sql`${t.discount} desc`, t.id)
      .where(sql`${t.deletedAt} is null`),
    /** the sitemap walks live products by id range and reads updated_at from the index alone */
    index('products_live_id_idx')
      .on(t.id, t.updatedAt)
      .where(sql`${t.deletedAt} is null`),
    /** the few best sellers, found without a scan when the flag is worked out again (best-sellers.ts) */
    index('products_best_seller_idx')
      .on(t.id)
      .where(sql`${t.bestSeller}`),
    /** the listing's size filter (docs/search-and-listing.md, "Size") */
    index('products_sizes_idx')
      .using('gin', t.sizes)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * What a shopper buys: one combination of a product's options, with its own SKU, price and stock. A product
 * without options has one default variant (option_values {}, sku null). Its stock has one writer,
 * commerce/stock/stock.repository.ts; a trigger keeps the product row's totals and cheapest price from the live
 * variants (docs/orders-and-stock.md, "Variants").
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** the product's seller (null for the admin's own), so a SKU is unique in one catalogue */
    sellerId: uuid().references(() => sellers.id, { onDelete: 'restrict' }),
    sku: text(),
    /** one value per product option, in the options' order; {} for the default variant */
    optionValues: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    pricePaise: integer().notNull(),
    salePricePaise: integer(),
    discount: integer().notNull().default(0),
    effectivePricePaise: integer()
      .notNull()
      .generatedAlwaysAs(sql`coalesce(nullif(sale_price_paise, 0), price_paise)`),
    stock: integer().notNull().default(0),
    /** this variant's own pictures; empty: the product's */
    images: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** soft delete of a variant that was sold once: order lines keep pointing at it */
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('product_variants_product_idx').on(t.productId, t.position),
    uniqueIndex('product_variants_combination_unique')
      .on(t.productId, t.optionValues)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('product_variants_seller_sku_unique')
      .on(t.sellerId, t.sku)
      .where(sql`${t.sku} is not null and ${t.sellerId} is not null and ${t.deletedAt} is null`),
    uniqueIndex('product_variants_admin_sku_unique')
      .on(t.sku)
      .where(sql`${t.sku} is not null and ${t.sellerId} is null and ${t.deletedAt} is null`),
    check('product_variants_price_positive', sql`${t.pricePaise} > 0`),
    check(
      'product_variants_sale_price_range',
      sql`${t.salePricePaise} is null or (${t.salePricePaise} >= 0 and ${t.salePricePaise} <= ${t.pricePaise})`,
    ),
    check('product_variants_discount_range', sql`${t.discount} between 0 and 100`),
    check('product_variants_stock_nonnegative', sql`${t.stock} >= 0`),
  ],
);

/**
 * The brands products are filed under (docs/search-and-listing.md, "Brands"): products.brand holds the id (slug).
 * `spelling` (brandSpelling of the label) tells brands apart; a merged brand keeps it, so its names find the brand
 * it was merged into.
 */
export const brands = pgTable(
  'brands',
  {
    id: text().primaryKey(),
    label: text().notNull(),
    spelling: text().notNull().unique(),
    status: text({ enum: BRAND_STATUSES }).notNull().default('active'),
    mergedInto: text().references((): AnyPgColumn => brands.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('brands_status_check', isOneOf(t.status, BRAND_STATUSES))],
);

/**
 * The distinct words of live titles and brands, for typo correction (docs/search-and-listing.md). Filled by
 * triggers on products (migration 0003), never by a scan; words are only added, ids grow, so a process loads
 * the new ones incrementally.
 */
export const searchWords = pgTable('search_words', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  word: text().notNull().unique(),
});

/** Live products per (category, brand), kept by triggers on products: listing totals and facets read this. */
export const facetCounts = pgTable(
  'facet_counts',
  {
    category: text().notNull(),
    brand: text().notNull(),
    n: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.category, t.brand] })],
);

export const carts = pgTable(
  'carts',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('carts_user_unique').on(t.userId)],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    cartId: uuid()
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** the variant in the cart (null only on rows from before variants, which migration 0017 filled) */
    variantId: uuid().references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cart_items_cart_variant_unique').on(t.cartId, t.variantId),
    check('cart_items_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** who receives the parcel; addresses from before it was asked got the account's name (migration 0013) */
    recipientName: text().notNull().default(''),
    address: text().notNull(),
    landmark: text().notNull().default(''),
    city: text().notNull(),
    pincode: text().notNull(),
    phone: text().notNull(),
    notes: text().notNull().default(''),
    place: text({ enum: ADDRESS_PLACES }).notNull(),
    state: text(),
    isDefault: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    uniqueIndex('addresses_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** the short human order number shown as "HM-100234" (docs/order-views.md) */
    orderNumber: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity({ startWith: 100001 }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cartId: uuid(),
    buyerName: text().notNull(),
    addressId: uuid().references(() => addresses.id, { onDelete: 'set null' }),
    /** the delivery address as it was when ordered (orders from before: the buyer's name, no landmark or state) */
    recipientName: text().notNull().default(''),
    address: text().notNull(),
    landmark: text().notNull().default(''),
    city: text().notNull(),
    state: text(),
    pincode: text().notNull(),
    phone: text().notNull(),
    notes: text().notNull().default(''),
    orderStatus: text({ enum: ORDER_STATUSES }).notNull().default('pending'),
    paymentMethod: text().notNull(),
    paymentStatus: text({ enum: PAYMENT_STATUSES }).notNull().default('pending'),
    subtotalPaise: integer().notNull(),
    discountPaise: integer().notNull(),
    shippingPaise: integer().notNull(),
    totalPaise: integer().notNull(),
    /** the provider's payment/order id (PayPal order id, or the sandbox payment id) */
    paymentId: text(),
    payerId: text(),
    captureId: text(),
    approvalUrl: text(),
    /** stock held for this order until paid, cancelled or expired */
    stockHeld: boolean().notNull().default(false),
    holdExpiresAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    /** the checkout attempt's key sent by the client (Idempotency-Key): one order per key and shopper */
    idempotencyKey: text(),
    /** what the provider captured (paise), once it confirmed it (docs/money.md) */
    capturedPaise: integer().notNull().default(0),
    /** what has been given back so far (completed refunds, paise) */
    refundedPaise: integer().notNull().default(0),
    /** the shopper cancelled this order: a capture arriving afterwards is refunded, never revives it */
    cancelledAt: timestamp({ withTimezone: true }),
    /** the delivery charge was given back (every line refunded) */
    deliveryRefunded: boolean().notNull().default(false),
    /** a business buyer's GSTIN and name for a B2B invoice (docs/tax.md) */
    buyerGstin: text(),
    buyerBusinessName: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('orders_number_unique').on(t.orderNumber),
    uniqueIndex('orders_user_idempotency_unique')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    // a shopper holds stock for at most one unpaid order at a time (docs/orders-and-stock.md)
    uniqueIndex('orders_one_pending_hold')
      .on(t.userId)
      .where(sql`${t.stockHeld} and ${t.paymentStatus} = 'pending'`),
    uniqueIndex('orders_payment_id_unique').on(t.paymentId),
    index('orders_hold_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.stockHeld}`),
    index('orders_paid_idx').on(t.paidAt),
    check('orders_status_check', isOneOf(t.orderStatus, ORDER_STATUSES)),
    check('orders_payment_status_check', isOneOf(t.paymentStatus, PAYMENT_STATUSES)),
    check(
      'orders_amounts_nonnegative',
      sql`${t.subtotalPaise} >= 0 and ${t.discountPaise} >= 0 and ${t.shippingPaise} >= 0 and ${t.totalPaise} >= 0`,
    ),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid().references(() => products.id, { onDelete: 'set null' }),
    /** the variant sold; its stock is what a hold takes and a cancellation gives back */
    variantId: uuid().references(() => productVariants.id, { onDelete: 'set null' }),
    /** the chosen options when ordered, e.g. "Size: M · Colour: Black"; '' for a product without options */
    variantLabel: text().notNull().default(''),
    sellerId: uuid().references(() => sellers.id, { onDelete: 'set null' }),
    title: text().notNull(),
    image: text().notNull(),
    /** unit price before the discount (salePrice or price) */
    unitPricePaise: integer().notNull(),
    discount: integer().notNull().default(0),
    /** unit price after the discount: what the shopper pays a unit (docs/prices.md) */
    linePricePaise: integer().notNull(),
    /** the product's list price (MRP) when ordered, so the line shows what made its price (docs/prices.md);
     * null on lines recorded before it was kept */
    listPricePaise: integer(),
    quantity: integer().notNull(),
    /** the seller's own status for its lines of this order */
    status: text({ enum: ORDER_STATUSES }).notNull().default('pending'),
    /** the seller's reason when it rejected this line, shown to the shopper (docs/order-views.md) */
    rejectionReason: text(),
    /** the refund that gave this line's money back (a line is refunded at most once) */
    refundId: uuid(),
    /** given back of this line so far, by any refund (paise; docs/money.md "Seller earnings") */
    refundedPaise: integer().notNull().default(0),
    /** a coupon's share funded by the seller (docs/tax.md; 0 until coupons come) */
    sellerDiscountPaise: integer().notNull().default(0),
    /** a coupon's share funded by the platform (docs/money.md, "Coupons"): lowers what the shopper pays only */
    platformDiscountPaise: integer().notNull().default(0),
    /** GST frozen at placement (docs/tax.md, "A line's tax"); null rate on lines from before */
    taxRate: integer(),
    hsn: text(),
    taxablePaise: integer().notNull().default(0),
    cgstPaise: integer().notNull().default(0),
    sgstPaise: integer().notNull().default(0),
    igstPaise: integer().notNull().default(0),
    tcsPaise: integer().notNull().default(0),
    tdsPaise: integer().notNull().default(0),
    /** the return window (days from delivery) of its category when placed; null: not returnable (docs/money.md) */
    returnWindowDays: integer(),
    /** units in returns that are open or done (not cancelled or rejected): the returns' guard (docs/returns.md) */
    returnUnits: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_seller_idx').on(t.sellerId, t.orderId),
    index('order_lines_product_idx').on(t.productId),
    index('order_lines_variant_idx').on(t.variantId),
    check('order_lines_quantity_positive', sql`${t.quantity} >= 1`),
    check(
      'order_lines_refunded_range',
      sql`${t.refundedPaise} >= 0 and ${t.refundedPaise} <= ${t.linePricePaise} * ${t.quantity}`,
    ),
    check('order_lines_status_check', isOneOf(t.status, ORDER_STATUSES)),
    // never more units returned than bought, however many requests race (docs/returns.md)
    check('order_lines_return_units_range', sql`${t.returnUnits} >= 0 and ${t.returnUnits} <= ${t.quantity}`),
  ],
);

/** Every status change of a seller's lines of an order: who, when, from what to what (append-only). */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: uuid().references(() => sellers.id, { onDelete: 'set null' }),
    fromStatus: text().notNull(),
    toStatus: text().notNull(),
    actorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    actorRole: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.createdAt)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text().notNull(),
    reviewMessage: text().notNull(),
    reviewVal: integer().notNull(),
    verifiedPurchase: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_product_user_unique').on(t.productId, t.userId),
    index('reviews_product_idx').on(t.productId, t.createdAt),
    check('reviews_rating_range', sql`${t.reviewVal} between 1 and 5`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('wishlist_user_product_unique').on(t.userId, t.productId),
    index('wishlist_product_idx').on(t.productId),
  ],
);

export const banners = pgTable('banners', {
  id: id(),
  image: text().notNull(),
  /** art-directed image for narrow screens, chosen by the admin (docs/images.md); null: the main image */
  mobileImage: text(),
  /** the message, shown as HTML over the image so no crop can cut it */
  title: text().notNull().default(''),
  subtitle: text().notNull().default(''),
  ctaLabel: text().notNull().default(''),
  /** a path inside the shop ('/shop/listing?category=men') */
  ctaLink: text().notNull().default(''),
  createdAt: createdAt(),
});

/** Provider events already handled (webhook idempotency). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    provider: text().notNull(),
    eventId: text().notNull(),
    eventType: text().notNull(),
    orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_unique').on(t.provider, t.eventId)],
);

/**
 * The payment gateway's webhook deliveries (docs/money.md, "Gateway webhooks"): stored once per event id as they
 * arrive (answered 2xx at once), then processed from the row; `unknown_order` rows are kept for the operator.
 * Only writer: modules/commerce/payments/razorpay-webhook.ts.
 */
export const GATEWAY_EVENT_STATES = ['received', 'processed', 'ignored', 'unknown_order'] as const;
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    id: id(),
    provider: text().notNull(),
    eventId: text().notNull(),
    eventType: text().notNull(),
    /** the gateway payment the event is about (none for some event types) */
    paymentId: text(),
    payload: jsonb().notNull(),
    status: text({ enum: GATEWAY_EVENT_STATES }).notNull().default('received'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: createdAt(),
    processedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('gateway_events_provider_event_unique').on(t.provider, t.eventId),
    index('gateway_events_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'received'`),
    check('gateway_events_status_check', isOneOf(t.status, GATEWAY_EVENT_STATES)),
  ],
);

/**
 * Cash on delivery (docs/money.md, "Cash on delivery"): one parcel per COD order and seller, what the courier
 * collects for it, its air waybill once shipped, and whether the courier remitted the cash or the shopper refused
 * it. Only writer: modules/commerce/cod/cod-parcels.ts.
 */
export const COD_PARCEL_STATES = ['awaiting', 'remitted', 'refused'] as const;
export const codParcels = pgTable(
  'cod_parcels',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: uuid().notNull(),
    /** the shopper (refusals are counted per shopper) */
    userId: uuid().notNull(),
    amountPaise: integer().notNull(),
    awb: text(),
    state: text({ enum: COD_PARCEL_STATES }).notNull().default('awaiting'),
    remittanceReference: text(),
    remittedAt: timestamp({ withTimezone: true }),
    refusedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cod_parcels_order_seller_unique').on(t.orderId, t.sellerId),
    uniqueIndex('cod_parcels_awb_unique')
      .on(t.awb)
      .where(sql`${t.awb} is not null`),
    index('cod_parcels_refused_idx')
      .on(t.userId, t.refusedAt)
      .where(sql`${t.state} = 'refused'`),
    check('cod_parcels_state_check', isOneOf(t.state, COD_PARCEL_STATES)),
    // 0 once nothing is left to collect (its lines rejected, docs/money.md "Cash on delivery")
    check('cod_parcels_amount_not_negative', sql`${t.amountPaise} >= 0`),
  ],
);

/**
 * One-time codes sent by SMS to confirm a cash-on-delivery order (docs/money.md, "Cash on delivery"): one row per
 * send; the newest row of an order is the code in force. Only writer: modules/commerce/cod/cod-otp.ts.
 */
export const codOtps = pgTable(
  'cod_otps',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid().notNull(),
    phone: text().notNull(),
    codeHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    confirmedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('cod_otps_order_idx').on(t.orderId, t.createdAt),
    index('cod_otps_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Text messages waiting for the SMS gateway (docs/money.md, "Cash on delivery"): written with the code they carry,
 * sent after commit and retried with back-off until the gateway takes them, or until they expire (a one-time code
 * is worth nothing after 10 minutes); the text is blanked once sent or expired. Only writer: modules/sms/sms-outbox.ts.
 */
export const SMS_STATES = ['pending', 'sent', 'expired'] as const;
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    phone: text().notNull(),
    body: text().notNull(),
    state: text({ enum: SMS_STATES }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    check('sms_outbox_state_check', isOneOf(t.state, SMS_STATES)),
  ],
);

/**
 * Refunds (docs/money.md): a row is written, in the transaction that decides the refund, before the provider is
 * asked; `pending` until the provider confirms it (retried by the refund sweeper), then `completed`.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountPaise: integer().notNull(),
    status: text({ enum: REFUND_STATUSES }).notNull().default('pending'),
    /** why: shopper_cancel, seller_reject, admin, late_capture, amount_mismatch, cancelled_order */
    kind: text().notNull(),
    reason: text().notNull().default(''),
    /** one refund per decision: a repeated request finds this key and changes nothing */
    dedupeKey: text().notNull(),
    captureId: text().notNull(),
    providerRefundId: text(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid(),
    actorRole: text().notNull(),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('refunds_dedupe_unique').on(t.dedupeKey),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

/**
 * The payment ledger (docs/money.md): every money event of an order, append-only (a trigger refuses UPDATE and
 * DELETE). No foreign key: the record outlives the order.
 */
export const paymentLedger = pgTable(
  'payment_ledger',
  {
    id: id(),
    orderId: uuid().notNull(),
    /** capture, capture_pending, capture_refused, refund_requested, refund_completed, refund_failed */
    type: text().notNull(),
    amountPaise: integer().notNull(),
    currency: text().notNull(),
    providerId: text(),
    refundId: uuid(),
    actorUserId: uuid(),
    actorRole: text().notNull(),
    reason: text().notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('payment_ledger_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * Payouts (docs/money.md, "Seller earnings"): money the marketplace sent a seller, recorded by the admin. One per
 * seller and transfer reference, so recording the same transfer twice changes nothing.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    sellerId: uuid()
      .notNull()
      .references(() => sellers.id, { onDelete: 'restrict' }),
    amountPaise: integer().notNull(),
    reference: text().notNull(),
    actorUserId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payouts_seller_reference_unique').on(t.sellerId, t.reference),
    index('payouts_created_idx').on(t.createdAt),
    check('payouts_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

/**
 * The seller ledger (docs/money.md, "Seller earnings"): append-only (a trigger refuses UPDATE and DELETE), written
 * in the transaction of the event that causes it. `delta_paise` is the entry's effect on the seller's balance:
 * earned +, commission − (+ when given back), refund −, payout −.
 */
export const sellerLedger = pgTable(
  'seller_ledger',
  {
    id: id(),
    sellerId: uuid()
      .notNull()
      .references(() => sellers.id, { onDelete: 'restrict' }),
    type: text({ enum: SELLER_ENTRY_TYPES }).notNull(),
    deltaPaise: integer().notNull(),
    orderId: uuid(),
    orderLineId: uuid(),
    refundId: uuid(),
    payoutId: uuid(),
    description: text().notNull().default(''),
    /** when the entry counts in the payable balance: its line's return window end (docs/money.md, "Earned and
     * payable"); a payout at once */
    payableAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('seller_ledger_seller_idx').on(t.sellerId, t.createdAt),
    index('seller_ledger_line_idx').on(t.orderLineId),
    // a line is earned once
    uniqueIndex('seller_ledger_line_earned_unique')
      .on(t.orderLineId)
      .where(sql`${t.type} = 'earned'`),
    // a parcel's waived shipping is charged to its seller once (docs/money.md, "Coupons")
    uniqueIndex('seller_ledger_delivery_waived_unique')
      .on(t.orderId, t.sellerId)
      .where(sql`${t.type} = 'delivery_waived'`),
    check('seller_ledger_type_check', isOneOf(t.type, SELLER_ENTRY_TYPES)),
  ],
);

/**
 * Returns after delivery (docs/returns.md): one per seller sub-order of a request. Written only by
 * modules/commerce/returns/returns.repository.ts; each change bumps `version` and appends a `return_events` row.
 */
export const returns = pgTable(
  'returns',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: uuid().references(() => sellers.id, { onDelete: 'set null' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text({ enum: RETURN_STATES }).notNull().default('requested'),
    reason: text({ enum: RETURN_REASONS }).notNull(),
    comment: text(),
    /** the shopper's photos (uploaded images' URLs) */
    photos: jsonb().$type<string[]>().notNull().default([]),
    /** the seller's reason (a rejection's) */
    sellerReason: text(),
    /** cash on delivery: where the refund goes (R2 sends it); the masked form is what is shown */
    refundTo: jsonb().$type<RefundToInput>(),
    refundToDisplay: text(),
    /** approved by itself at this time when the seller stays silent */
    decisionDueAt: timestamp({ withTimezone: true }).notNull(),
    courierDeliveredAt: timestamp({ withTimezone: true }),
    /** refunded by itself at this time: 48 h after the courier brought the parcel back */
    refundDueAt: timestamp({ withTimezone: true }),
    pickupAwb: text(),
    pickupTrackingUrl: text(),
    refundId: uuid(),
    refundPaise: integer().notNull().default(0),
    refundedAt: timestamp({ withTimezone: true }),
    disputeNote: text(),
    disputedAt: timestamp({ withTimezone: true }),
    disputeDecision: text({ enum: ['approve', 'reject', 'refund'] }),
    disputeAdminNote: text(),
    disputeDecidedAt: timestamp({ withTimezone: true }),
    version: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('returns_order_idx').on(t.orderId),
    index('returns_user_idx').on(t.userId, t.createdAt),
    index('returns_seller_idx').on(t.sellerId, t.state, t.decisionDueAt),
    index('returns_decision_due_idx')
      .on(t.decisionDueAt)
      .where(sql`${t.state} = 'requested'`),
    index('returns_refund_due_idx')
      .on(t.refundDueAt)
      .where(sql`${t.state} = 'picked_up' and ${t.refundDueAt} is not null`),
    index('returns_disputed_idx')
      .on(t.disputedAt)
      .where(sql`${t.disputedAt} is not null and ${t.disputeDecidedAt} is null`),
    // a return is refunded once
    uniqueIndex('returns_refund_unique')
      .on(t.refundId)
      .where(sql`${t.refundId} is not null`),
    check('returns_state_check', isOneOf(t.state, RETURN_STATES)),
    check('returns_reason_check', isOneOf(t.reason, RETURN_REASONS)),
  ],
);

/** The units of each order line in a return, and their share of what was paid for the line. */
export const returnLines = pgTable(
  'return_lines',
  {
    id: id(),
    returnId: uuid()
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderLineId: uuid()
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    refundPaise: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('return_lines_unique').on(t.returnId, t.orderLineId),
    index('return_lines_line_idx').on(t.orderLineId),
    check('return_lines_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

/** Every step of a return (append-only): what, who, the state after it, a note. */
export const returnEvents = pgTable(
  'return_events',
  {
    id: id(),
    returnId: uuid()
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    kind: text({ enum: RETURN_EVENT_KINDS }).notNull(),
    state: text({ enum: RETURN_STATES }).notNull(),
    actor: text({ enum: RETURN_ACTORS }).notNull(),
    actorUserId: uuid(),
    note: text(),
    /** the order of the steps (several may share a time) */
    seq: bigserial({ mode: 'number' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('return_events_return_idx').on(t.returnId, t.seq)],
);

/** Return policy per category (docs/money.md, "Return window"): a category without a row has the default window. */
export const categoryReturnPolicies = pgTable('category_return_policies', {
  category: text().primaryKey(),
  /** days from delivery; null: not returnable */
  windowDays: integer(),
  updatedAt: updatedAt(),
});

/** The built-in sandbox provider's own state (what a real provider keeps on its side). */
export const sandboxPayments = pgTable('sandbox_payments', {
  paymentId: text().primaryKey(),
  amountPaise: integer().notNull(),
  currency: text().notNull(),
  payerId: text(),
  captureId: text(),
  refundedPaise: integer().notNull().default(0),
  createdAt: createdAt(),
});

/**
 * Transactional e-mail outbox (docs/seo-and-email.md): a row is written in the same transaction as the event it
 * reports; the mail worker claims rows (FOR UPDATE SKIP LOCKED), sends them and marks them sent.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    /** what the mail is about: order-confirmation, seller-new-order, seller-decision, line-status, refund, … */
    kind: text().notNull(),
    /** 0 transactional (sent first), 1 bulk (docs/seo-and-email.md, "Priority and limits") */
    priority: smallint().notNull().default(0),
    /** the client address whose request caused this mail, when a client can cause it (counted per hour) */
    clientAddress: text(),
    /** the client chose the recipient's address (its own account's, a registration's): counted per recipient */
    recipientChosen: boolean().notNull().default(false),
    /** the event it reports, once: a second enqueue of the same event is ignored */
    dedupeKey: text().notNull(),
    toAddress: text().notNull(),
    /** what the template needs, as it was when the event happened (rendered at send time) */
    payload: jsonb().notNull(),
    status: text({ enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** while status is sending: when the claim lapses (a worker that died mid-send) */
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mail_outbox_dedupe_unique').on(t.dedupeKey),
    index('mail_outbox_due_idx')
      .on(t.priority, t.nextAttemptAt)
      .where(sql`${t.status} in ('pending','sending')`),
    index('mail_outbox_client_idx')
      .on(t.clientAddress, t.createdAt)
      .where(sql`${t.clientAddress} is not null`),
    index('mail_outbox_chosen_recipient_idx')
      .on(t.toAddress, t.createdAt)
      .where(sql`${t.recipientChosen}`),
    index('mail_outbox_sent_idx')
      .on(t.sentAt)
      .where(sql`${t.status} = 'sent'`),
    check('mail_outbox_status_check', isOneOf(t.status, MAIL_STATUSES)),
  ],
);

/**
 * What a seller hears in its console (docs/seo-and-email.md, "Seller notifications"): written by notifySeller in
 * the transaction of the event, with the event's facts; the title and text are rendered when read.
 */
export const sellerNotifications = pgTable(
  'seller_notifications',
  {
    id: id(),
    sellerId: uuid()
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    kind: text({ enum: SELLER_NOTIFICATION_KINDS }).notNull(),
    /** the event it reports, once (the same key as its e-mail's) */
    dedupeKey: text().notNull(),
    /** the kind's facts (SellerNoticePayloads in @mp/shared), amounts in paise */
    payload: jsonb().notNull(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('seller_notifications_dedupe_unique').on(t.dedupeKey),
    // the newest-first list of one seller
    index('seller_notifications_list_idx').on(t.sellerId, t.createdAt.desc(), t.id.desc()),
    // the unread count: only unread rows are in it
    index('seller_notifications_unread_idx')
      .on(t.sellerId)
      .where(sql`${t.readAt} is null`),
    check('seller_notifications_kind_check', isOneOf(t.kind, SELLER_NOTIFICATION_KINDS)),
  ],
);

/**
 * Files uploaded before any record refers to them (anonymous seller documents): counted for the per-address and
 * global quotas, claimed when a record refers to the URL, removed by the sweeper when never claimed
 * (docs/orders-and-stock.md, "Uploads").
 */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    url: text().notNull(),
    key: text().notNull(),
    folder: text().notNull(),
    bytes: integer().notNull(),
    address: text().notNull(),
    claimedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('uploads_url_unique').on(t.url),
    index('uploads_address_idx').on(t.address, t.createdAt),
    index('uploads_unclaimed_idx')
      .on(t.createdAt)
      .where(sql`${t.claimedAt} is null`),
  ],
);

/** Per-installation secrets generated at first start (the JWT signing key when JWT_SECRET is unset). */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});

/** Rate-limit counters shared by every instance (express-rate-limit store, docs/security.md). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text().primaryKey(),
    hits: integer().notNull(),
    resetAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_reset_idx').on(t.resetAt)],
);

/**
 * One-time sign-in links, sent when an account is locked by failed logins and its owner gives the right password
 * from an address that also failed (docs/security.md, "Failed logins"). Only the SHA-256 of the token is kept;
 * a link works once, before it expires.
 */
export const loginLinks = pgTable(
  'login_links',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('login_links_token_unique').on(t.tokenHash),
    index('login_links_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Product imports from a seller's CSV (docs/catalogue-import.md): the file is kept here until the job is done;
 * the import worker claims queued jobs and those whose claim lapsed (FOR UPDATE SKIP LOCKED), writes one product
 * per transaction and records progress and each row's result in batches.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: id(),
    sellerId: uuid()
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    fileName: text().notNull(),
    /** the uploaded CSV as text; cleared when the job ends */
    source: text(),
    status: text({ enum: IMPORT_STATUSES }).notNull().default('queued'),
    totalRows: integer().notNull(),
    /** data rows handled so far (whole products only: a restarted job goes on from here) */
    processedRows: integer().notNull().default(0),
    createdRows: integer().notNull().default(0),
    updatedRows: integer().notNull().default(0),
    errorRows: integer().notNull().default(0),
    /** the rows not imported: [{ row, sku, handle, message }] (row 1 is the header) */
    errors: jsonb()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** the rows imported: [{ row, sku, handle, outcome: created | updated, productId }] */
    imported: jsonb()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** why the job as a whole failed (status failed) */
    failure: text(),
    attempts: integer().notNull().default(0),
    /** while running: when the claim lapses (a worker that died mid-job) and another may take it */
    lockedUntil: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('import_jobs_seller_idx').on(t.sellerId, t.createdAt),
    index('import_jobs_due_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('queued','running')`),
    check('import_jobs_status_check', isOneOf(t.status, IMPORT_STATUSES)),
  ],
);

// ---- GST (docs/tax.md) -----------------------------------------------------------------------------------------

/** A seller's GST registration: the supplier on its tax invoices. Written by modules/tax/tax-profile.repository.ts. */
export const sellerTaxProfiles = pgTable(
  'seller_tax_profiles',
  {
    sellerId: uuid()
      .primaryKey()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    /** the short issuer number in the seller's document numbers, S0042 */
    issuerNo: integer().notNull().generatedAlwaysAsIdentity(),
    legalName: text().notNull(),
    gstin: text(),
    /** the state of registration (one of INDIAN_STATES) */
    state: text().notNull(),
    address: text().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('seller_tax_profiles_issuer_unique').on(t.issuerNo)],
);

/** Every change of a tax profile: who, when, before and after (append-only). */
export const sellerTaxProfileHistory = pgTable(
  'seller_tax_profile_history',
  {
    id: id(),
    sellerId: uuid()
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    actorUserId: uuid(),
    actorRole: text().notNull(),
    before: jsonb(),
    after: jsonb().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('seller_tax_profile_history_seller_idx').on(t.sellerId, t.createdAt)],
);

/** The last number given per issuer, series and financial year: the next document takes last + 1. */
export const taxDocumentCounters = pgTable(
  'tax_document_counters',
  {
    series: text().notNull(),
    fy: text().notNull(),
    last: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.fy] })],
);

export const TAX_DOCUMENT_KINDS = ['invoice', 'creditNote', 'commissionInvoice'] as const;
const PDF_STATUSES = ['pending', 'ready'] as const;
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** Tax invoices, credit notes and commission invoices; contents frozen at issue, the PDF made by a job. */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: id(),
    kind: text({ enum: TAX_DOCUMENT_KINDS }).notNull(),
    number: text().notNull(),
    fy: text().notNull(),
    /** the seller the document is about (the issuer of invoices and credit notes, the recipient of commission) */
    sellerId: uuid()
      .notNull()
      .references(() => sellers.id, { onDelete: 'restrict' }),
    orderId: uuid().references(() => orders.id, { onDelete: 'restrict' }),
    refundId: uuid(),
    /** a credit note's invoice */
    invoiceId: uuid().references((): AnyPgColumn => taxDocuments.id),
    /** a commission invoice's month, YYYY-MM */
    period: text(),
    issuedAt: createdAt(),
    /** everything printed, frozen when issued */
    content: jsonb().notNull(),
    taxablePaise: integer().notNull(),
    cgstPaise: integer().notNull(),
    sgstPaise: integer().notNull(),
    igstPaise: integer().notNull(),
    totalPaise: integer().notNull(),
    pdfStatus: text({ enum: PDF_STATUSES }).notNull().default('pending'),
    pdfSha256: text(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_documents_number_unique').on(t.number),
    uniqueIndex('tax_documents_one_invoice')
      .on(t.orderId, t.sellerId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('tax_documents_one_credit_note')
      .on(t.refundId, t.sellerId)
      .where(sql`${t.kind} = 'creditNote'`),
    uniqueIndex('tax_documents_one_commission')
      .on(t.sellerId, t.period)
      .where(sql`${t.kind} = 'commissionInvoice'`),
    index('tax_documents_order_idx').on(t.orderId),
    index('tax_documents_seller_idx').on(t.sellerId, t.issuedAt),
    index('tax_documents_pdf_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.pdfStatus} = 'pending'`),
    check('tax_documents_kind_check', isOneOf(t.kind, TAX_DOCUMENT_KINDS)),
    check('tax_documents_number_length', sql`length(${t.number}) <= 16`),
  ],
);

/** The rendered PDF of a document (its SHA-256 is on the document). */
export const taxDocumentFiles = pgTable('tax_document_files', {
  documentId: uuid()
    .primaryKey()
    .references(() => taxDocuments.id, { onDelete: 'cascade' }),
  pdf: bytea().notNull(),
});
// ------------------------------------------------------------------ delivery (docs/delivery.md)

const SHIPMENT_STATUSES = ['awaiting', 'creating', 'created', 'failed'] as const;
const SHIPMENT_MODES = ['courier', 'self'] as const;

/** The admin's holidays: no hand-over and no courier day on them. */
export const deliveryHolidays = pgTable('delivery_holidays', {
  day: date({ mode: 'string' }).primaryKey(),
  name: text().notNull(),
  createdAt: createdAt(),
});

/**
 * One row per seller sub-order of an order: its shipping charge and promise, frozen at checkout, then the
 * shipment the courier makes (a durable queue: `creating` rows are worked with retry) and its tracking state.
 */
export const orderShipments = pgTable(
  'order_shipments',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: uuid()
      .notNull()
      .references(() => sellers.id, { onDelete: 'restrict' }),
    shippingPaise: integer().notNull().default(0),
    /** of shippingPaise, given back to the shopper so far (docs/money.md, "Delivery") */
    shippingRefundedPaise: integer().notNull().default(0),
    zone: text(),
    billedGrams: integer().notNull().default(0),
    /** IST date promised at checkout */
    promisedDate: date({ mode: 'string' }),
    deliveryPincode: text(),
    status: text({ enum: SHIPMENT_STATUSES }).notNull().default('awaiting'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    lastError: text(),
    courierShipmentId: text(),
    awb: text(),
    courierName: text(),
    pickupDate: date({ mode: 'string' }),
    /** the latest tracking state (packages/shared TRACKING_STATES); null before the first event */
    trackingState: text(),
    trackingAt: timestamp({ withTimezone: true }),
    lastPolledAt: timestamp({ withTimezone: true }),
    /** 'self': the seller delivers it; delivered only with the shopper's delivery code (docs/delivery.md) */
    mode: text({ enum: SHIPMENT_MODES }).notNull().default('courier'),
    /** the seller's own carrier's reference, when it ships itself */
    trackingRef: text(),
    /** sha256 of the shopper's 6-digit delivery code, until delivered */
    deliveryCodeHash: text(),
    deliveryCodeTries: integer().notNull().default(0),
    deliveryCodeTriedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('order_shipments_order_seller').on(t.orderId, t.sellerId),
    uniqueIndex('order_shipments_awb').on(t.awb),
    index('order_shipments_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'creating'`),
    check('order_shipments_status_check', isOneOf(t.status, SHIPMENT_STATUSES)),
    check('order_shipments_mode_check', isOneOf(t.mode, SHIPMENT_MODES)),
  ],
);

/** The courier's tracking events, one per state per shipment: duplicates and reordering give one timeline. */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    shipmentId: uuid()
      .notNull()
      .references(() => orderShipments.id, { onDelete: 'cascade' }),
    state: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    location: text(),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.shipmentId, t.state] })],
);

/**
 * A return's reverse pickup (docs/delivery.md, "Reverse pickup"), owned by modules/delivery/returns: one per return,
 * queued in the return's approval transaction, booked with the courier by a worker (our row id is the courier's
 * order reference, so a retry after a time-out finds the same return shipment), then moved by the courier's events.
 * From: the order's shipping address; to: the seller's pickup address. `returnId` is the returns core's id.
 */
export const returnPickups = pgTable(
  'return_pickups',
  {
    id: id(),
    returnId: uuid()
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: uuid()
      .notNull()
      .references(() => sellers.id, { onDelete: 'restrict' }),
    state: text({ enum: RETURN_PICKUP_STATES }).notNull().default('queued'),
    fromName: text().notNull(),
    fromPhone: text().notNull(),
    fromAddress: text().notNull(),
    fromCity: text().notNull(),
    fromState: text().notNull(),
    fromPincode: text().notNull(),
    toAddress: text(),
    toPincode: text(),
    toName: text().notNull(),
    toPhone: text().notNull(),
    /** the returned units (name, sku, units, unit price in paise), as the courier's order lists them */
    items: jsonb().$type<{ name: string; sku: string; units: number; unitPricePaise: number }[]>().notNull(),
    weightGrams: integer().notNull(),
    box: jsonb().$type<{ lengthCm: number; widthCm: number; heightCm: number }>().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).defaultNow(),
    lastError: text(),
    courierShipmentId: text(),
    awb: text(),
    courierName: text(),
    trackingUrl: text(),
    pickedUpAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('return_pickups_return_unique').on(t.returnId),
    uniqueIndex('return_pickups_awb_unique')
      .on(t.awb)
      .where(sql`${t.awb} is not null`),
    index('return_pickups_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'queued'`),
    // booked pickups of cancelled returns still to be called off with the courier
    index('return_pickups_cancel_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'cancelled' and ${t.awb} is not null and ${t.nextAttemptAt} is not null`),
    check('return_pickups_state_check', isOneOf(t.state, RETURN_PICKUP_STATES)),
  ],
);

/**
 * A cash-on-delivery return's refund, paid out to the shopper's UPI id or bank account (docs/money.md, "Refunds of
 * cash-on-delivery returns"), owned by modules/commerce/cod-refunds: inserted in the returns core's refund
 * transaction, once per return; paid by a worker through the payout gateway with this row's id as the idempotency
 * key, so the amount never leaves twice. A reversed or refused payout is `failed` for the admin, with the reason.
 */
export const codRefundPayouts = pgTable(
  'cod_refund_payouts',
  {
    id: id(),
    returnId: uuid()
      .notNull()
      .references(() => returns.id, { onDelete: 'restrict' }),
    amountPaise: integer().notNull(),
    /** the destination as the shopper gave it (packages/shared returns.ts refundToInputSchema) */
    destination: jsonb().$type<RefundToInput>().notNull(),
    state: text({ enum: REFUND_PAYOUT_STATES }).notNull().default('queued'),
    /**
     * how many times the payout failed and the shopper gave another destination: round n > 0 is sent with the
     * idempotency key `{id}:{n}`, so the gateway makes a new payout instead of answering the failed one
     */
    round: integer().notNull().default(0),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).defaultNow(),
    fundAccountId: text(),
    payoutId: text(),
    /** why the payout failed or was reversed (for the admin); null while it may still succeed */
    failureReason: text(),
    /** the last attempt's error while it is retried (the gateway down) */
    lastError: text(),
    processedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cod_refund_payouts_return_unique').on(t.returnId),
    uniqueIndex('cod_refund_payouts_payout_unique')
      .on(t.payoutId)
      .where(sql`${t.payoutId} is not null`),
    index('cod_refund_payouts_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} in ('queued', 'processing')`),
    check('cod_refund_payouts_state_check', isOneOf(t.state, REFUND_PAYOUT_STATES)),
    check('cod_refund_payouts_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

// ---- coupons (docs/money.md, "Coupons") -------------------------------------------------------------------------

/**
 * A coupon code of the platform (funder platform, no seller) or of a seller (its own products). `used` counts
 * redeemed uses (paid orders), `reserved` the uses held by unpaid orders; a use is taken only while
 * `used + reserved < total_uses` (coupons/coupon-uses.ts).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    /** upper case as typed; unique whatever its case */
    code: text().notNull(),
    label: text(),
    funder: text({ enum: COUPON_FUNDERS }).notNull(),
    sellerId: uuid().references(() => sellers.id, { onDelete: 'cascade' }),
    kind: text({ enum: COUPON_KINDS }).notNull(),
    percent: integer(),
    maxDiscountPaise: integer(),
    amountPaise: integer(),
    minOrderPaise: integer().notNull().default(0),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    /** null: no limit */
    totalUses: integer(),
    usesPerShopper: integer().notNull().default(1),
    firstOrderOnly: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    scope: text({ enum: COUPON_SCOPES }).notNull().default('all'),
    used: integer().notNull().default(0),
    reserved: integer().notNull().default(0),
    /** Σ discount of the redeemed uses */
    discountGivenPaise: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_unique').on(sql`lower(${t.code})`),
    index('coupons_seller_idx').on(t.sellerId),
    check('coupons_funder_check', isOneOf(t.funder, COUPON_FUNDERS)),
    check('coupons_kind_check', isOneOf(t.kind, COUPON_KINDS)),
    check('coupons_scope_check', isOneOf(t.scope, COUPON_SCOPES)),
    check('coupons_funder_seller', sql`(${t.funder} = 'platform') = (${t.sellerId} is null)`),
    check(
      'coupons_amounts',
      sql`${t.used} >= 0 and ${t.reserved} >= 0 and ${t.minOrderPaise} >= 0 and coalesce(${t.percent}, 1) between 1 and 100 and coalesce(${t.amountPaise}, 1) > 0 and coalesce(${t.maxDiscountPaise}, 1) > 0`,
    ),
  ],
);

/** The categories, sellers, brands or products a coupon covers (none: scope all). */
export const couponScopes = pgTable(
  'coupon_scopes',
  {
    couponId: uuid()
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    value: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.value] })],
);

/** The codes a shopper applied to the cart (at most one platform code and one per seller). */
export const cartCoupons = pgTable(
  'cart_coupons',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    couponId: uuid()
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.couponId] })],
);

/** One checkout's use of a coupon: reserved with the order, redeemed at payment, released when it ends unpaid. */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: id(),
    couponId: uuid()
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    state: text({ enum: COUPON_USE_STATES }).notNull().default('reserved'),
    /** what the code took off this order (free delivery: the shipping waived) */
    discountPaise: integer().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupon_uses_order_unique').on(t.couponId, t.orderId),
    index('coupon_uses_order_idx').on(t.orderId),
    index('coupon_uses_user_idx').on(t.userId, t.couponId),
    check('coupon_uses_state_check', isOneOf(t.state, COUPON_USE_STATES)),
  ],
);
