/** Enums and business constants both sides read: the one list of each (docs/decisions/0004-shared-zod-contract.md). */

/** The shop's name in page titles, structured data and e-mails. */
export const SHOP_NAME = 'Haat Marketplace';
/** name of the <meta> in every app page's head that carries the shop's set-up (ShopConfigDto as JSON) */
export const SHOP_CONFIG_META = 'shop-config';

export const ROLES = ['user', 'seller', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const CATEGORIES = [
  { id: 'men', label: 'Men' },
  { id: 'women', label: 'Women' },
  { id: 'kids', label: 'Kids' },
  { id: 'accessories', label: 'Accessories' },
  { id: 'footwear', label: 'Footwear' },
  { id: 'mobile', label: 'Mobile' },
  { id: 'appliances', label: 'Appliances' },
  { id: 'electronics', label: 'Electronics' },
  { id: 'fashion', label: 'Fashion' },
] as const;
export type Category = (typeof CATEGORIES)[number]['id'];
export const CATEGORY_IDS = CATEGORIES.map((c) => c.id) as unknown as readonly [Category, ...Category[]];
/**
 * Old clients spell electronics 'electonics'; that spelling is accepted as an alias on input
 * (docs/decisions/0004-shared-zod-contract.md).
 */
export const CATEGORY_ALIASES: Readonly<Record<string, Category>> = { electonics: 'electronics' };

/**
 * The brands the shop started with: the brands table's seed (migration 0017_brands, with Unbranded and Generic).
 * At run time brands are data (the brands table, GET /api/shop/brands); nothing validates against this list.
 */
export const BRANDS = [
  { id: 'nike', label: 'Nike' },
  { id: 'adidas', label: 'Adidas' },
  { id: 'puma', label: 'Puma' },
  { id: 'levi', label: "Levi's" },
  { id: 'zara', label: 'Zara' },
  { id: 'h&m', label: 'H&M' },
  { id: 'apple', label: 'Apple' },
  { id: 'samsung', label: 'Samsung' },
  { id: 'oneplus', label: 'OnePlus' },
  { id: 'xiaomi', label: 'Xiaomi' },
  { id: 'realme', label: 'Realme' },
  { id: 'vivo', label: 'Vivo' },
  { id: 'oppo', label: 'Oppo' },
  { id: 'motorola', label: 'Motorola' },
  { id: 'tecno', label: 'Tecno' },
  { id: 'boat', label: 'boAt' },
  { id: 'noise', label: 'Noise' },
  { id: 'fastrack', label: 'Fastrack' },
  { id: 'casio', label: 'Casio' },
  { id: 'philips', label: 'Philips' },
  { id: 'panasonic', label: 'Panasonic' },
  { id: 'godrej', label: 'Godrej' },
  { id: 'voltas', label: 'Voltas' },
  { id: 'bluestar', label: 'Blue Star' },
  { id: 'lg', label: 'LG' },
] as const;
export type Brand = (typeof BRANDS)[number]['id'];

export const categoryLabel = (id: string): string => CATEGORIES.find((c) => c.id === id)?.label ?? id;
/** A seed brand's label, else the slug itself: for the seed and as a fallback; the table's label wins. */
export const brandLabel = (id: string): string => BRANDS.find((b) => b.id === id)?.label ?? id;

export const SORT_OPTIONS = [
  { id: 'price-lowtohigh', label: 'Price: Low to High' },
  { id: 'price-hightolow', label: 'Price: High to Low' },
  { id: 'title-atoz', label: 'Title: A to Z' },
  { id: 'title-ztoa', label: 'Title: Z to A' },
] as const;
export type SortBy = (typeof SORT_OPTIONS)[number]['id'];
export const SORT_IDS = SORT_OPTIONS.map((s) => s.id) as unknown as readonly [SortBy, ...SortBy[]];
export const DEFAULT_SORT: SortBy = 'price-lowtohigh';

export const SELLER_APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** The admin may only move a seller to one of these. */
export const SELLER_DECISIONS = ['approved', 'rejected'] as const;
export type SellerDecision = (typeof SELLER_DECISIONS)[number];

export const BUSINESS_TYPES = ['Individual', 'Company'] as const;

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

export const ADDRESS_PLACES = ['home', 'work'] as const;
/** India's states and union territories, as an address names them. */
export const INDIAN_STATES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;

/** An order's (and each line's) statuses after `pending`, in the order they come. */
export const PLACED_ORDER_STATUSES = [
  'confirmed',
  'inProcess',
  'inShipping',
  'delivered',
  'rejected',
] as const;
export const ORDER_STATUSES = ['pending', ...PLACED_ORDER_STATUSES] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The five statuses a seller can pick for its own lines. */
export const SELLER_ORDER_STATUSES = ['pending', 'inProcess', 'inShipping', 'delivered', 'rejected'] as const;
export type SellerOrderStatus = (typeof SELLER_ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_METHODS = ['paypal', 'sandbox', 'upi', 'card', 'netbanking', 'cod'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** what a shopper picks at checkout (docs/money.md, "Payment methods"); the sandbox stands in for PayPal */
export const CHECKOUT_PAYMENT_METHODS = ['paypal', 'upi', 'card', 'netbanking', 'cod'] as const;
export type CheckoutPaymentMethod = (typeof CHECKOUT_PAYMENT_METHODS)[number];
/** the methods the Indian payment gateway takes */
export const GATEWAY_PAYMENT_METHODS = ['upi', 'card', 'netbanking'] as const;

export const LIMITS = {
  maxAddresses: 3,
  deliveryCharge: 40,
  freeDeliveryAbove: 500,
  lowStockBelow: 10,
  searchMinChars: 4,
  searchDebounceMs: 500,
  sellerPollMs: 5000,
  captureDelayMs: 5000,
  pageSizeDefault: 24,
  pageSizeMax: 100,
  uploadMaxBytes: 5 * 1024 * 1024,
  /** pictures per product (docs/images.md, "Several images per product") */
  productImagesMax: 8,
  /** options per product (Size, Colour…), values per option and variants per product (docs/orders-and-stock.md) */
  productOptionsMax: 3,
  optionValuesMax: 30,
  productVariantsMax: 100,
  cartQuantityMax: 99,
  bestDealsCount: 10,
  topDiscountCount: 10,
  topSelectionCount: 10,
  electronicsRowCount: 8,
  homeGridShown: 6,
} as const;

export const MESSAGES = {
  addressLimit: 'You can add maximum 3 addresses',
  onlyLeft: (n: number) => `Only ${n} Quantity are left`,
} as const;
