/**
 * The endpoint table: every route of the API with its method, path, path parameters, query, body and answers
 * (envelope included) as zod schemas, the auth it needs and its area. The server answers through it, the OpenAPI
 * document (openapi.ts) and the typed client (packages/client) are generated from it, and the web reads its
 * answer types. Plain data and zod only: no server code, safe to import in the browser. See docs/api-contract.md.
 */
import { z } from 'zod';
import { routes, type AuthLevel, type HttpMethod } from './routes';
import { idParamsSchema, idSchema, paginationSchema } from './api';
import {
  LOGIN_LINK_SENT,
  loginInputSchema,
  loginLinkInputSchema,
  passwordChangeInputSchema,
  profileUpdateInputSchema,
  registerInputSchema,
  roleSchema,
  userDtoSchema,
} from './auth';
import {
  addressDtoSchema,
  addressInputSchema,
  adminDashboardDtoSchema,
  adminOrderListQuerySchema,
  adminRefundInputSchema,
  cartAddInputSchema,
  cartUpdateInputSchema,
  cartViewDtoSchema,
  idempotencyKeySchema,
  orderCancelInputSchema,
  orderCaptureInputSchema,
  orderCreateInputSchema,
  orderDtoSchema,
  sellerDashboardDtoSchema,
  sellerOrderDtoSchema,
  sellerOrderStatusInputSchema,
  shopConfigDtoSchema,
} from './commerce';
import {
  adminBrandDtoSchema,
  brandCreateInputSchema,
  brandDtoSchema,
  brandIdParamsSchema,
  brandUpdateInputSchema,
} from './brand';
import { LIMITS } from './constants';
import {
  codConfirmInputSchema,
  codRemittanceRowSchema,
  COD_REMITTANCE_MAX_BYTES,
  sellerCodSettingsSchema,
} from './cod';
import {
  gatewayCheckoutParamsSchema,
  gatewayCheckoutQuerySchema,
  gatewayVerifyAnswerSchema,
  gatewayVerifyInputSchema,
  gatewayWebhookEventSchema,
} from './gateway';
import { deliveryQuoteDtoSchema, deliveryQuoteQuerySchema } from './shipping';
import {
  courierWebhookBodySchema,
  deliveryEstimateDtoSchema,
  deliveryEstimateQuerySchema,
  deliverySettingsDtoSchema,
  deliverySettingsInputSchema,
  holidayDtoSchema,
  holidayInputSchema,
  holidayParamsSchema,
  parcelDtoSchema,
  shipOrderInputSchema,
  deliverWithCodeInputSchema,
  trackingDtoSchema,
} from './delivery';
import {
  notificationListQuerySchema,
  notificationSettingsSchema,
  sellerNotificationDtoSchema,
} from './notifications';
import {
  commissionInputSchema,
  earningsQuerySchema,
  payoutDtoSchema,
  payoutInputSchema,
  payoutListQuerySchema,
  sellerAccountDtoSchema,
  sellerEarningsDtoSchema,
} from './earnings';
import {
  applyCouponInputSchema,
  couponCodeParamsSchema,
  couponDtoSchema,
  couponInputSchema,
  couponUpdateSchema,
  offerDtoSchema,
} from './coupons';
import {
  adminReturnActionInputSchema,
  adminReturnListQuerySchema,
  returnDtoSchema,
  returnIdParamsSchema,
  returnPolicyDtoSchema,
  returnPolicyInputSchema,
  returnPolicyParamsSchema,
  returnRequestInputSchema,
  sellerReturnActionInputSchema,
  sellerReturnListQuerySchema,
  shopReturnActionInputSchema,
  shopReturnListQuerySchema,
} from './returns';
import { uploadedImageSchema } from './image-schemas';
import {
  documentIdParamsSchema,
  documentRegisterQuerySchema,
  taxDocumentDtoSchema,
  taxProfileChangeDtoSchema,
  taxProfileDtoSchema,
  taxProfileInputSchema,
  taxStatementMonthSchema,
  tcsReportQuerySchema,
} from './tax';
import {
  bannerDtoSchema,
  bannerInputSchema,
  homeSectionsSchema,
  managementListQuerySchema,
  productDetailDtoSchema,
  productDtoSchema,
  productFacetsSchema,
  productInputSchema,
  productWithVariantsDtoSchema,
  productListQuerySchema,
  reviewDtoSchema,
  reviewInputSchema,
  searchKeywordSchema,
  searchFacetsSchema,
  searchQuerySchema,
  searchSuggestionsSchema,
  suggestQuerySchema,
  wishlistInputSchema,
  wishlistItemDtoSchema,
} from './product';
import {
  storeDtoSchema,
  storeImageParamsSchema,
  storeSettingsDtoSchema,
  storeSlugParamsSchema,
} from './store';
import {
  importJobDtoSchema,
  importJobParamsSchema,
  importJobQuerySchema,
  importRowResultSchema,
} from './product-import';
import {
  sellerDecisionInputSchema,
  sellerDtoSchema,
  sellerInfoQuerySchema,
  sellerRegisterInputSchema,
} from './seller';

// ---- path parameters (declared once; the routes parse req.params with these; idParamsSchema is in api.ts) ------
export const userIdParamsSchema = z.object({ userId: idSchema });
export const sellerIdParamsSchema = z.object({ sellerId: idSchema });
export const productIdParamsSchema = z.object({ productId: idSchema });
export const userProductParamsSchema = z.object({ userId: idSchema, productId: idSchema });
export const userAddressParamsSchema = z.object({ userId: idSchema, addressId: idSchema });
export const keywordParamsSchema = z.object({ keyword: searchKeywordSchema });
/** A provider's payment id; no NUL (PostgreSQL text cannot hold one). */
export const paymentIdParamsSchema = z.object({
  paymentId: z
    .string()
    .min(1)
    .max(200)
    .refine((v) => !v.includes('\u0000'), 'Must not contain NUL characters'),
});

/** The PayPal webhook event fields the server reads; the rest of PayPal's event is kept as it came. */
export const paypalWebhookEventSchema = z
  .object({
    id: z.string().min(1).max(200),
    event_type: z.string().min(1).max(200),
    resource: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();

/** The multipart upload of one image or document in the form field `my_file`. */
export const UPLOAD_FIELD = 'my_file';
export const uploadBodySchema = z.object({
  [UPLOAD_FIELD]: z
    .file()
    .max(LIMITS.uploadMaxBytes)
    .meta({ description: 'JPEG, PNG, WebP or GIF (documents: also PDF), 5 MB at most' }),
});
/** A product import: the CSV file in `my_file` (docs/catalogue-import.md). */
export const importUploadBodySchema = z.object({
  [UPLOAD_FIELD]: z
    .file()
    .meta({ description: 'a CSV file in the template’s columns (5 MB and 5,000 rows at most by default)' }),
});
/** The courier's COD remittance file in `my_file` (docs/money.md, "Cash on delivery"). */
export const codRemittanceUploadBodySchema = z.object({
  [UPLOAD_FIELD]: z
    .file()
    .max(COD_REMITTANCE_MAX_BYTES)
    .meta({ description: 'a CSV (text/csv) with the columns awb,amount,date,reference; 1 MB at most' }),
});
const uploadedSchema = z.object({ url: z.string().meta({ description: 'where the file is served' }) });

// the method, path and guard of every row (routes.ts: no zod, light enough for the web's first scripts)
export * from './routes';

// ---- the shapes of a table row ----------------------------------------------------------------------------------
export const AUTH_ROLES: Record<AuthLevel, readonly z.infer<typeof roleSchema>[]> = {
  none: [],
  session: ['user', 'seller', 'admin'],
  admin: ['admin'],
  approvedSeller: ['seller'],
  approvedSellerOrAdmin: ['seller', 'admin'],
};

export const API_TAGS = [
  { name: 'Auth', description: 'Registration, login, the session and the profile' },
  { name: 'Sellers', description: 'Seller registration and the admin review of sellers' },
  { name: 'Products', description: 'Product management by the admin and approved sellers' },
  { name: 'Shop', description: 'The public catalogue: listing, search, detail and the home page' },
  { name: 'Reviews', description: 'Product reviews' },
  { name: 'Wishlist', description: "The shopper's wishlist" },
  { name: 'Brands', description: 'The brands products are filed under, run by the admin' },
  { name: 'Banners', description: 'Home page banners' },
  { name: 'Cart', description: "The shopper's cart" },
  { name: 'Addresses', description: "The shopper's delivery addresses (3 at most)" },
  { name: 'Orders', description: 'Checkout, payment capture and order history' },
  { name: 'Payments', description: 'The built-in sandbox payment pages and the PayPal webhook' },
  { name: 'Seller orders', description: "An approved seller's view of the orders holding its products" },
  {
    name: 'Delivery',
    description: 'PIN codes, promised dates, shipments with the courier and parcel tracking',
  },
  { name: 'Dashboards', description: 'Figures for the admin and seller consoles' },
  { name: 'Earnings', description: "Sellers' earnings, the platform's commission and payouts to sellers" },
  {
    name: 'Returns',
    description: 'Returns after delivery: requests, the seller’s and admin’s decisions, pickup and refund',
  },
  {
    name: 'Notifications',
    description: "What happened to a seller's orders, money and catalogue, in its console",
  },
  { name: 'Coupons', description: 'Coupon codes of the platform and of sellers, applied to the cart' },
  { name: 'Tax', description: 'GST: tax profiles, invoices, credit notes, statements and reports' },
  { name: 'System', description: 'Health and this description of the API' },
] as const;
export type ApiTag = (typeof API_TAGS)[number]['name'];

export interface JsonAnswer<S extends z.ZodType = z.ZodType> {
  kind: 'json';
  schema: S;
  description: string;
}
/** A page for a browser (HTML), a redirect, plain text (e.g. metrics) or a PDF document (a parcel label). */
export interface PageAnswer {
  kind: 'html' | 'redirect' | 'text' | 'pdf' | 'csv';
  description: string;
}
export type AnswerSpec = JsonAnswer | PageAnswer;

export type BodySpec<S extends z.ZodType = z.ZodType> =
  { kind: 'json'; schema: S } | { kind: 'multipart'; schema: S };

export interface EndpointDef {
  method: HttpMethod;
  /** Express-style path (`:name` parameters), including /api */
  path: string;
  tag: ApiTag;
  summary: string;
  description?: string;
  auth: AuthLevel;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** request headers the route reads */
  headers?: z.ZodObject;
  body?: BodySpec;
  /** success answers (and, for pages, every answer) by status */
  responses: { readonly [status: number]: AnswerSpec };
  /** error statuses this route answers besides the ones every route of its kind may (see errorStatuses) */
  errors?: readonly number[];
  /** limited per client address; answers 429 RATE_LIMITED when over */
  rateLimited?: boolean;
}

const envelopeBase = { success: z.literal(true) };
/** A success answer: `{ success: true, ...fields }`. */
const ok = <T extends z.ZodRawShape>(fields: T, description = 'Done') => ({
  kind: 'json' as const,
  description,
  schema: z.object({ ...envelopeBase, ...fields }),
});
/** A success answer with the message the web shows in its toast. */
const okMsg = <T extends z.ZodRawShape>(fields: T, description = 'Done') =>
  ok({ message: z.string(), ...fields }, description);
const json = <S extends z.ZodType>(schema: S) => ({ kind: 'json' as const, schema });
const page = (description: string) => ({ kind: 'html' as const, description });

const product = productDtoSchema;
const productWithVariants = productWithVariantsDtoSchema;
const withSeller = { seller: sellerDtoSchema.optional().meta({ description: 'present for sellers' }) };
const loggedIn = okMsg(
  { data: z.object({ role: roleSchema }), user: userDtoSchema, ...withSeller },
  'Logged in',
);

// ---- the table ----------------------------------------------------------------------------------------------------
export const endpoints = {
  // System
  health: {
    ...routes.health,
    tag: 'System',
    summary: 'Is the server up and its database reachable (for monitors and the container health check)',
    responses: {
      200: {
        kind: 'json',
        description: 'Up',
        schema: z.object({ status: z.literal('ok'), database: z.literal('up'), draining: z.boolean() }),
      },
      503: {
        kind: 'json',
        description: 'The database does not answer within 2 s (see Retry-After)',
        schema: z.object({
          status: z.literal('unavailable'),
          database: z.literal('down'),
          draining: z.boolean(),
        }),
      },
    },
  },
  healthLive: {
    ...routes.healthLive,
    tag: 'System',
    summary: 'Liveness: the process answers HTTP',
    responses: { 200: { kind: 'json', description: 'Alive', schema: z.object({ status: z.literal('ok') }) } },
  },
  healthReady: {
    ...routes.healthReady,
    tag: 'System',
    summary: 'Readiness: not draining for a shutdown and the database answers',
    responses: {
      200: {
        kind: 'json',
        description: 'Ready for traffic',
        schema: z.object({ status: z.literal('ok'), database: z.literal('up') }),
      },
      503: {
        kind: 'json',
        description: 'Draining, or the database is down (see Retry-After)',
        schema: z.object({
          status: z.enum(['draining', 'unavailable']),
          database: z.enum(['down', 'unknown']),
        }),
      },
    },
  },
  openapi: {
    ...routes.openapi,
    tag: 'System',
    summary: 'This OpenAPI 3.1 description of the API',
    responses: {
      200: {
        kind: 'json',
        description: 'The OpenAPI document',
        schema: z.record(z.string(), z.unknown()).meta({ description: 'An OpenAPI 3.1 document' }),
      },
    },
  },
  docs: {
    ...routes.docs,
    tag: 'System',
    summary: 'The interactive API reference (HTML)',
    responses: { 200: page('The reference page') },
  },

  // Auth
  register: {
    ...routes.register,
    tag: 'Auth',
    summary: 'Register a shopper account',
    description: 'Any role in the body is ignored: registration always makes a shopper.',
    body: json(registerInputSchema),
    responses: { 201: okMsg({ user: userDtoSchema }, 'Registered') },
    errors: [409],
    rateLimited: true,
  },
  login: {
    ...routes.login,
    tag: 'Auth',
    summary: 'Log in; sets the session cookie',
    body: json(loginInputSchema),
    description:
      'While the account is locked by failed logins, the right password from an address that also failed gets no ' +
      'session: a one-time sign-in link goes to the e-mail of the account (202 `LOGIN_LINK_SENT`).',
    responses: {
      200: loggedIn,
      202: okMsg({ code: z.literal(LOGIN_LINK_SENT) }, 'A one-time sign-in link was e-mailed'),
    },
    errors: [401],
    rateLimited: true,
  },
  loginLink: {
    ...routes.loginLink,
    tag: 'Auth',
    summary: 'Sign in with the token of a one-time sign-in link; sets the session cookie',
    body: json(loginLinkInputSchema),
    responses: { 200: loggedIn },
    errors: [400],
    rateLimited: true,
  },
  logout: {
    ...routes.logout,
    tag: 'Auth',
    summary: 'Log out; clears the session cookie',
    responses: { 200: okMsg({}, 'Logged out') },
  },
  checkAuth: {
    ...routes.checkAuth,
    tag: 'Auth',
    summary: "The session's user (and seller record for sellers), or that there is none",
    description: 'Always 200: an anonymous visitor gets `authenticated: false` and `user: null`.',
    responses: {
      200: {
        kind: 'json',
        description: 'Signed in or not',
        schema: z.union([
          z.object({ ...envelopeBase, authenticated: z.literal(true), user: userDtoSchema, ...withSeller }),
          z.object({ ...envelopeBase, authenticated: z.literal(false), user: z.null() }),
        ]),
      },
    },
  },
  me: {
    ...routes.me,
    tag: 'Auth',
    summary: "The session's user",
    responses: { 200: ok({ data: userDtoSchema, user: userDtoSchema }) },
  },
  sellerInfo: {
    ...routes.sellerInfo,
    tag: 'Sellers',
    summary: 'A seller record by e-mail (the seller itself or the admin)',
    query: sellerInfoQuerySchema,
    responses: { 200: ok({ sellerinfo: sellerDtoSchema, data: sellerDtoSchema }) },
    errors: [403, 404],
  },
  getUser: {
    ...routes.getUser,
    tag: 'Auth',
    summary: 'A user (oneself or, for the admin, anyone)',
    params: idParamsSchema,
    responses: { 200: ok({ data: userDtoSchema, user: userDtoSchema }) },
    errors: [403, 404],
  },
  updateProfile: {
    ...routes.updateProfile,
    tag: 'Auth',
    summary: 'Update phone, gender and date of birth (oneself or the admin)',
    params: idParamsSchema,
    body: json(profileUpdateInputSchema),
    responses: { 200: okMsg({ data: userDtoSchema, user: userDtoSchema }, 'Updated') },
    errors: [403, 404],
  },
  changePassword: {
    ...routes.changePassword,
    tag: 'Auth',
    summary: "Change the session user's password; every other session ends, this one gets a fresh cookie",
    body: json(passwordChangeInputSchema),
    responses: { 200: okMsg({}, 'Changed') },
  },
  uploadSellerDocument: {
    ...routes.uploadSellerDocument,
    tag: 'Sellers',
    summary: "Upload a seller's registration document (image or PDF)",
    body: { kind: 'multipart', schema: uploadBodySchema },
    responses: { 201: okMsg({ result: uploadedSchema }, 'Stored') },
    errors: [502],
    rateLimited: true,
  },
  registerSeller: {
    ...routes.registerSeller,
    tag: 'Sellers',
    summary: 'Register a seller (pending until the admin approves); logs it in',
    body: json(sellerRegisterInputSchema),
    responses: {
      201: okMsg({ user: userDtoSchema, seller: sellerDtoSchema, data: sellerDtoSchema }, 'Registered'),
    },
    errors: [409],
    rateLimited: true,
  },
  listSellers: {
    ...routes.listSellers,
    tag: 'Sellers',
    summary: 'Every seller, newest first',
    responses: { 200: ok({ data: z.array(sellerDtoSchema) }) },
  },
  getSeller: {
    ...routes.getSeller,
    tag: 'Sellers',
    summary: 'One seller',
    params: idParamsSchema,
    responses: { 200: ok({ data: sellerDtoSchema }) },
    errors: [404],
  },
  decideSeller: {
    ...routes.decideSeller,
    tag: 'Sellers',
    summary: 'Approve or reject a seller',
    params: idParamsSchema,
    body: json(sellerDecisionInputSchema),
    responses: { 200: okMsg({ data: sellerDtoSchema }, 'Decided') },
    errors: [404, 409],
  },

  // Products (admin and sellers)
  adminAddProduct: {
    ...routes.adminAddProduct,
    tag: 'Products',
    summary: 'Add a marketplace product (no seller)',
    body: json(productInputSchema),
    responses: { 201: okMsg({ data: productWithVariants }, 'Added') },
    errors: [409],
  },
  adminListProducts: {
    ...routes.adminListProducts,
    tag: 'Products',
    summary: 'Every live product, newest first (paged when page is given)',
    description:
      '`q` searches titles, `category`/`brand` (comma-separated) and `sellerId` filter; with `page`, the answer carries `pagination`.',
    query: managementListQuerySchema,
    responses: { 200: ok({ data: z.array(productWithVariants), pagination: paginationSchema.optional() }) },
  },
  adminEditProduct: {
    ...routes.adminEditProduct,
    tag: 'Products',
    summary: 'Edit any product',
    params: idParamsSchema,
    body: json(productInputSchema),
    responses: { 200: okMsg({ data: productWithVariants }, 'Updated') },
    errors: [404, 409],
  },
  adminDeleteProduct: {
    ...routes.adminDeleteProduct,
    tag: 'Products',
    summary: 'Delete any product (kept for order history)',
    params: idParamsSchema,
    responses: { 200: okMsg({}, 'Deleted') },
    errors: [404],
  },
  uploadProductImage: {
    ...routes.uploadProductImage,
    tag: 'Products',
    summary: 'Upload a product or banner image',
    body: { kind: 'multipart', schema: uploadBodySchema },
    responses: {
      201: okMsg(
        {
          result: uploadedImageSchema.meta({ description: 'the main image, its size and its stored widths' }),
        },
        'Stored',
      ),
    },
    // 422 IMAGE_TOO_LARGE: more pixels than an image may have (docs/images.md)
    errors: [422, 502],
    rateLimited: true,
  },
  sellerAddProduct: {
    ...routes.sellerAddProduct,
    tag: 'Products',
    summary: "Add a product to the session seller's store",
    body: json(productInputSchema),
    responses: { 201: okMsg({ data: productWithVariants }, 'Added') },
    errors: [409],
  },
  sellerListProducts: {
    ...routes.sellerListProducts,
    tag: 'Products',
    summary: "A seller's live products (its own, or any for the admin)",
    description:
      "sellerId may be the seller id or its user id. Takes the admin list's `q`, `category`, `brand` and `page` (the `sellerId` query is ignored).",
    params: sellerIdParamsSchema,
    query: managementListQuerySchema,
    responses: { 200: ok({ data: z.array(productWithVariants), pagination: paginationSchema.optional() }) },
  },
  sellerEditProduct: {
    ...routes.sellerEditProduct,
    tag: 'Products',
    summary: 'Edit one of the seller’s own products',
    params: idParamsSchema,
    body: json(productInputSchema),
    responses: { 200: okMsg({ data: productWithVariants }, 'Updated') },
    errors: [404, 409],
  },
  sellerDeleteProduct: {
    ...routes.sellerDeleteProduct,
    tag: 'Products',
    summary: 'Delete one of the seller’s own products',
    params: idParamsSchema,
    responses: { 200: okMsg({}, 'Deleted') },
    errors: [404],
  },
  sellerImportProducts: {
    ...routes.sellerImportProducts,
    tag: 'Products',
    summary: 'Upload a CSV of products and variants; a background job imports it',
    description:
      'multipart `my_file`: a CSV (UTF-8, BOM and CRLF allowed) with the columns of the template (docs/catalogue-import.md). ' +
      'Answers 202 with the queued job at once; read its progress and per-row results with GET .../import/{jobId}. ' +
      '400 INVALID_CSV: not a CSV or required columns missing; 413 PAYLOAD_TOO_LARGE: over the size or row limit.',
    body: { kind: 'multipart', schema: importUploadBodySchema },
    responses: { 202: okMsg({ data: importJobDtoSchema }, 'Queued') },
    errors: [413],
  },
  sellerImportJobs: {
    ...routes.sellerImportJobs,
    tag: 'Products',
    summary: "The session seller's recent import jobs, newest first",
    responses: { 200: ok({ data: z.array(importJobDtoSchema) }) },
  },
  sellerImportJob: {
    ...routes.sellerImportJob,
    tag: 'Products',
    summary: "One of the session seller's import jobs: status, progress and one page of its row results",
    description: 'Rows in file order (row 1 is the header); `outcome=error` lists only the rows to fix.',
    params: importJobParamsSchema,
    query: importJobQuerySchema,
    responses: {
      200: ok({
        data: importJobDtoSchema.extend({ rows: z.array(importRowResultSchema) }),
        pagination: paginationSchema,
      }),
    },
    errors: [404],
  },

  // Shop
  listProducts: {
    ...routes.listProducts,
    tag: 'Shop',
    summary: 'The filtered (category, brand, seller), sorted and paged product listing with facet counts',
    query: productListQuerySchema,
    responses: {
      200: ok({ data: z.array(product), pagination: paginationSchema, facets: productFacetsSchema }),
    },
  },
  getProduct: {
    ...routes.getProduct,
    tag: 'Shop',
    summary: 'One live product, with its pictures and the name of the store selling it',
    params: idParamsSchema,
    responses: { 200: ok({ data: productDetailDtoSchema }) },
    errors: [404],
  },
  searchProducts: {
    ...routes.searchProducts,
    tag: 'Shop',
    summary:
      'Search titles, descriptions, categories and brands (typos forgiven), with the listing filters and sorts; facets=true adds facet counts of the candidate set',
    params: keywordParamsSchema,
    query: searchQuerySchema,
    responses: { 200: ok({ data: z.array(product), facets: searchFacetsSchema.optional() }) },
    rateLimited: true,
  },
  searchSuggest: {
    ...routes.searchSuggest,
    tag: 'Shop',
    summary: 'Suggestions for the header search box: matching products, brands and categories',
    query: suggestQuerySchema,
    responses: { 200: ok({ data: searchSuggestionsSchema }) },
    rateLimited: true,
  },
  home: {
    ...routes.home,
    tag: 'Shop',
    summary: 'The home page sections',
    responses: { 200: ok({ data: homeSectionsSchema }) },
  },
  getStore: {
    ...routes.getStore,
    tag: 'Shop',
    summary: "An approved seller's store page: name, logo, banner, seller since, rating and product count",
    description:
      'The rating sums the reviews of its live products. Its products are the listing with `seller={_id}`. ' +
      'An unknown store, or one not approved, is 404 `STORE_NOT_FOUND`.',
    params: storeSlugParamsSchema,
    responses: { 200: ok({ data: storeDtoSchema }) },
    errors: [404],
  },
  sellerStore: {
    ...routes.sellerStore,
    tag: 'Sellers',
    summary: "The session seller's store page settings (name, address, logo, banner)",
    responses: { 200: ok({ data: storeSettingsDtoSchema }) },
  },
  uploadStoreImage: {
    ...routes.uploadStoreImage,
    tag: 'Sellers',
    summary: "Upload the session seller's store logo or banner (replaces the current one)",
    description:
      'Checked and processed like product images (docs/images.md); a logo must be at least 64×64 pixels, a ' +
      'banner at least 640×120 (422 `IMAGE_TOO_SMALL`).',
    params: storeImageParamsSchema,
    body: { kind: 'multipart', schema: uploadBodySchema },
    responses: { 201: okMsg({ data: storeSettingsDtoSchema }, 'Stored') },
    errors: [422, 502],
    rateLimited: true,
  },
  removeStoreImage: {
    ...routes.removeStoreImage,
    tag: 'Sellers',
    summary: "Remove the session seller's store logo or banner",
    params: storeImageParamsSchema,
    responses: { 200: okMsg({ data: storeSettingsDtoSchema }, 'Removed') },
  },

  // Delivery (docs/delivery.md)
  sellerDeliverySettings: {
    ...routes.sellerDeliverySettings,
    tag: 'Delivery',
    summary: "The session seller's pickup address, PIN code, dispatch days and cut-off",
    responses: { 200: ok({ data: deliverySettingsDtoSchema }) },
  },
  updateSellerDeliverySettings: {
    ...routes.updateSellerDeliverySettings,
    tag: 'Delivery',
    summary: "Set the session seller's pickup address, PIN code, dispatch days and cut-off",
    description: 'A PIN code the courier does not know is 400 `INVALID_PINCODE`.',
    body: json(deliverySettingsInputSchema),
    responses: { 200: okMsg({ data: deliverySettingsDtoSchema }, 'Saved') },
    errors: [400],
  },
  deliveryHolidays: {
    ...routes.deliveryHolidays,
    tag: 'Delivery',
    summary: 'The holidays on which nothing is handed over or delivered',
    responses: { 200: ok({ data: z.array(holidayDtoSchema) }) },
  },
  setDeliveryHoliday: {
    ...routes.setDeliveryHoliday,
    tag: 'Delivery',
    summary: 'Add (or rename) a holiday',
    params: holidayParamsSchema,
    body: json(holidayInputSchema),
    responses: { 200: okMsg({ data: z.array(holidayDtoSchema) }, 'Saved') },
  },
  removeDeliveryHoliday: {
    ...routes.removeDeliveryHoliday,
    tag: 'Delivery',
    summary: 'Remove a holiday',
    params: holidayParamsSchema,
    responses: { 200: okMsg({ data: z.array(holidayDtoSchema) }, 'Removed') },
  },
  deliveryEstimate: {
    ...routes.deliveryEstimate,
    tag: 'Delivery',
    summary:
      'Whether a product can reach a PIN code, with cash on delivery, the promised date and the charge',
    description:
      'A malformed or unknown PIN code is 400 `INVALID_PINCODE`; a product that is not live is 404. An ' +
      'unserviceable route answers 200 with `deliverable: false`. Answers are cached per PIN code and seller.',
    query: deliveryEstimateQuerySchema,
    responses: { 200: ok({ data: deliveryEstimateDtoSchema }) },
    errors: [400, 404],
  },
  deliveryQuote: {
    ...routes.deliveryQuote,
    tag: 'Delivery',
    summary:
      "The shopper's cart to an address or PIN code, per seller: deliverable, cash on delivery, promised date and shipping",
    description:
      'Each seller sub-order of the cart with its own shipping charge (weight, zone, the free-delivery rule per ' +
      'sub-order) and the totals checkout charges. A seller that cannot reach the PIN code is `deliverable: false` ' +
      'with the reason (checkout answers 422 `UNSERVICEABLE`). A malformed or unknown PIN code is 400 ' +
      "`INVALID_PINCODE`; an address not the shopper's is 404. With delivery off (no courier) there are no " +
      "sellers and the totals are the order-wide rule's.",
    query: deliveryQuoteQuerySchema,
    responses: { 200: ok({ data: deliveryQuoteDtoSchema }) },
    errors: [400, 401, 404],
  },
  shipOrder: {
    ...routes.shipOrder,
    tag: 'Delivery',
    summary: "Mark the session seller's part of an order ready: the shipment is made with the courier",
    description:
      'Queued and made by a worker with retry (`shipment: creating`, then `created` with the AWB). Asking again ' +
      'changes nothing. 409 `PICKUP_NOT_SET` without pickup settings, `INVALID_STATUS_TRANSITION` for a rejected ' +
      'or delivered part. `mode: self`: the seller ships it itself (optional carrier and reference); the shopper ' +
      'is sent a 6-digit delivery code, and delivered needs it (`POST …/deliver`).',
    params: z.object({ orderId: idSchema }),
    body: json(shipOrderInputSchema),
    responses: { 200: okMsg({ data: parcelDtoSchema }, 'Shipment queued (or already made)') },
    errors: [400, 404, 409],
  },
  deliverWithCode: {
    ...routes.deliverWithCode,
    tag: 'Delivery',
    summary: "The session seller delivered its own parcel: the shopper's delivery code marks it delivered",
    description:
      'Only for a parcel the seller ships itself (else 409 `DELIVERY_BY_COURIER`). A wrong code is 422 ' +
      '`DELIVERY_CODE_WRONG` with `details.triesLeft` and changes nothing; the fifth wrong one in a row is 429 ' +
      '`DELIVERY_CODE_LOCKED` for an hour. Asking again once delivered changes nothing.',
    params: z.object({ orderId: idSchema }),
    body: json(deliverWithCodeInputSchema),
    responses: { 200: okMsg({ data: parcelDtoSchema }, 'Delivered') },
    errors: [400, 404, 409, 422, 429],
  },
  shipmentLabel: {
    ...routes.shipmentLabel,
    tag: 'Delivery',
    summary: "The courier's label (PDF) of the session seller's parcel of an order",
    params: z.object({ orderId: idSchema }),
    responses: { 200: { kind: 'pdf', description: 'The label' } },
    errors: [404, 409, 502],
  },
  courierWebhook: {
    ...routes.courierWebhook,
    tag: 'Delivery',
    summary: "The courier's tracking events, signed (HMAC-SHA256 of the body in X-Courier-Signature)",
    description:
      'A forged or unsigned event is 400 `INVALID_SIGNATURE` and changes nothing; duplicates are 200.',
    body: json(courierWebhookBodySchema),
    responses: { 200: okMsg({}, 'Processed (or seen before)') },
    errors: [400],
  },
  orderTracking: {
    ...routes.orderTracking,
    tag: 'Delivery',
    summary: "Each parcel of the shopper's order: AWB, state, promised date and the courier's timeline",
    params: z.object({ orderId: idSchema }),
    responses: { 200: ok({ data: trackingDtoSchema }) },
    errors: [404],
  },

  shopConfig: {
    ...routes.shopConfig,
    tag: 'Shop',
    summary: "The shop's set-up every page needs: which payment provider takes the money, test mode",
    responses: { 200: ok({ data: shopConfigDtoSchema }) },
  },

  // Reviews
  addReview: {
    ...routes.addReview,
    tag: 'Reviews',
    summary: "Add or replace the session user's review of a product",
    body: json(reviewInputSchema),
    responses: {
      201: okMsg({ data: reviewDtoSchema }, 'Review added'),
      200: okMsg({ data: reviewDtoSchema }, 'Review replaced'),
    },
    errors: [403, 404],
  },
  listReviews: {
    ...routes.listReviews,
    tag: 'Reviews',
    summary: "A product's reviews, newest first",
    params: productIdParamsSchema,
    responses: { 200: ok({ data: z.array(reviewDtoSchema) }) },

    errors: [404],
  },

  // Wishlist
  addToWishlist: {
    ...routes.addToWishlist,
    tag: 'Wishlist',
    summary: "Add a product to the session user's wishlist",
    body: json(wishlistInputSchema),
    responses: {
      201: okMsg({ data: wishlistItemDtoSchema }, 'Added'),
      200: okMsg({ data: wishlistItemDtoSchema }, 'Already there'),
    },
    errors: [404],
  },
  getWishlist: {
    ...routes.getWishlist,
    tag: 'Wishlist',
    summary: "A user's wishlist (oneself or the admin)",
    params: userIdParamsSchema,
    responses: { 200: ok({ data: z.array(wishlistItemDtoSchema) }) },
    errors: [403],
  },
  removeFromWishlist: {
    ...routes.removeFromWishlist,
    tag: 'Wishlist',
    summary: 'Remove a product from a wishlist; answers the wishlist left',
    params: userProductParamsSchema,
    responses: { 200: okMsg({ data: z.array(wishlistItemDtoSchema) }, 'Removed') },
    errors: [403, 404],
  },

  // Brands (docs/search-and-listing.md, "Brands")
  listBrands: {
    ...routes.listBrands,
    tag: 'Brands',
    summary: 'The active brands, by label: the shop filter, labels and the seller form read these',
    responses: { 200: ok({ data: z.array(brandDtoSchema) }) },
  },
  adminListBrands: {
    ...routes.adminListBrands,
    tag: 'Brands',
    summary: 'Every brand with its product count, pending first',
    responses: { 200: ok({ data: z.array(adminBrandDtoSchema) }) },
  },
  addBrand: {
    ...routes.addBrand,
    tag: 'Brands',
    summary: 'Add an active brand',
    description:
      'A name any brand already has in another spelling (case, spaces, punctuation, &/and) is 409 BRAND_EXISTS.',
    body: json(brandCreateInputSchema),
    responses: { 201: okMsg({ data: adminBrandDtoSchema }, 'Added') },
    errors: [409],
  },
  updateBrand: {
    ...routes.updateBrand,
    tag: 'Brands',
    summary: 'Rename, hide, show or accept a brand, or merge (map) it into another',
    description:
      'One of `label` (409 BRAND_EXISTS when another brand has that spelling), `status` (active accepts a pending brand: its waiting products go live) or `mergeInto` (its products move to that brand in one transaction; a pending brand is thereby mapped). `affected` lists the products moved or released and their sellers.',
    params: brandIdParamsSchema,
    body: json(brandUpdateInputSchema),
    responses: {
      200: okMsg(
        {
          data: adminBrandDtoSchema,
          affected: z.object({
            productIds: z.array(z.string()),
            /** sellers whose products waited for this brand and are now live */
            released: z.array(z.object({ sellerId: z.string(), productIds: z.array(z.string()) })),
          }),
        },
        'Updated',
      ),
    },
    errors: [404, 409],
  },

  // Banners
  addBanner: {
    ...routes.addBanner,
    tag: 'Banners',
    summary: 'Add a home page banner',
    body: json(bannerInputSchema),
    responses: { 201: okMsg({ data: bannerDtoSchema }, 'Added') },
  },
  listBanners: {
    ...routes.listBanners,
    tag: 'Banners',
    summary: 'Every banner, newest first',
    responses: { 200: ok({ data: z.array(bannerDtoSchema) }) },
  },
  deleteBanner: {
    ...routes.deleteBanner,
    tag: 'Banners',
    summary: 'Delete a banner',
    params: idParamsSchema,
    responses: { 200: okMsg({ data: bannerDtoSchema }, 'Deleted') },
    errors: [404],
  },

  // Cart
  addToCart: {
    ...routes.addToCart,
    tag: 'Cart',
    summary: "Add a product to the session user's cart",
    body: json(cartAddInputSchema),
    responses: { 201: okMsg({ data: cartViewDtoSchema }, 'Added') },
    errors: [403, 404, 409],
  },
  getCart: {
    ...routes.getCart,
    tag: 'Cart',
    summary: "A user's cart (oneself or the admin)",
    params: userIdParamsSchema,
    responses: { 200: ok({ data: cartViewDtoSchema }) },
    errors: [403, 404],
  },
  updateCart: {
    ...routes.updateCart,
    tag: 'Cart',
    summary: "Set the quantity of a line of the session user's cart",
    body: json(cartUpdateInputSchema),
    responses: { 200: okMsg({ data: cartViewDtoSchema }, 'Updated') },
    errors: [404, 409],
  },
  removeFromCart: {
    ...routes.removeFromCart,
    tag: 'Cart',
    summary: 'Remove a line from a cart; answers the cart left',
    params: userProductParamsSchema,
    responses: { 200: okMsg({ data: cartViewDtoSchema }, 'Removed') },
    errors: [403, 404],
  },

  // Addresses
  addAddress: {
    ...routes.addAddress,
    tag: 'Addresses',
    summary: "Add an address to the session user's book",
    body: json(addressInputSchema),
    responses: { 201: okMsg({ data: addressDtoSchema }, 'Added') },
    errors: [409],
  },
  listAddresses: {
    ...routes.listAddresses,
    tag: 'Addresses',
    summary: "A user's addresses (oneself or the admin)",
    params: userIdParamsSchema,
    responses: { 200: ok({ data: z.array(addressDtoSchema) }) },
    errors: [403],
  },
  updateAddress: {
    ...routes.updateAddress,
    tag: 'Addresses',
    summary: 'Edit an address',
    params: userAddressParamsSchema,
    body: json(addressInputSchema),
    responses: { 200: okMsg({ data: addressDtoSchema }, 'Updated') },
    errors: [403, 404],
  },
  deleteAddress: {
    ...routes.deleteAddress,
    tag: 'Addresses',
    summary: 'Delete an address; answers the addresses left',
    params: userAddressParamsSchema,
    responses: { 200: okMsg({ data: z.array(addressDtoSchema) }, 'Deleted') },
    errors: [403, 404],
  },

  // Orders
  createOrder: {
    ...routes.createOrder,
    tag: 'Orders',
    summary: 'Order the cart (or one product: buyNow) to an address: holds the stock and opens a payment',
    description:
      'Only the address (and, for buy now, the product and quantity) is taken from the body; prices come from the catalogue. With `buyNow`, the order holds that product only and the cart is left as it is.',
    headers: z.object({
      'Idempotency-Key': idempotencyKeySchema.optional().meta({
        description:
          'one key per checkout attempt: the same key again answers the order it already made (200)',
      }),
    }),
    body: json(orderCreateInputSchema),
    responses: {
      200: okMsg(
        { orderId: z.string(), paymentId: z.string(), approvalURL: z.string() },
        'The order this checkout attempt (Idempotency-Key) already made',
      ),
      201: okMsg(
        {
          orderId: z.string(),
          paymentId: z.string(),
          approvalURL: z.string().meta({ description: 'where the shopper approves the payment' }),
        },
        'Order created, awaiting payment',
      ),
    },
    // 422 HOLD_LIMIT, 429 HOLD_COOLDOWN: the hold limits (docs/orders-and-stock.md, "Hold limits")
    errors: [403, 404, 409, 422, 429, 502],
  },
  captureOrder: {
    ...routes.captureOrder,
    tag: 'Orders',
    summary: 'Capture an approved payment and confirm the order',
    body: json(orderCaptureInputSchema),
    responses: {
      200: okMsg({ data: orderDtoSchema }, 'Paid and confirmed'),
      202: okMsg({ data: orderDtoSchema }, 'The provider is still processing the payment'),
    },
    errors: [402, 404, 409, 502],
  },
  cancelOrder: {
    ...routes.cancelOrder,
    tag: 'Orders',
    summary: 'Abandon a pending payment; its stock is given back',
    body: json(orderCancelInputSchema),
    responses: { 200: okMsg({ data: orderDtoSchema }, 'Cancelled') },
    errors: [404, 409, 502],
  },
  listOrders: {
    ...routes.listOrders,
    tag: 'Orders',
    summary: "A user's orders, newest first (oneself or the admin)",
    params: userIdParamsSchema,
    responses: { 200: ok({ data: z.array(orderDtoSchema) }) },
    errors: [403],
  },
  getOrder: {
    ...routes.getOrder,
    tag: 'Orders',
    summary: 'One of the session user’s orders (any for the admin)',
    params: idParamsSchema,
    responses: { 200: ok({ data: orderDtoSchema }) },
    errors: [404],
  },

  // Payments
  sandboxPaymentPage: {
    ...routes.sandboxPaymentPage,
    tag: 'Payments',
    summary: 'The sandbox approval page of a pending payment (HTML)',
    params: paymentIdParamsSchema,
    responses: {
      200: page('The approval page'),
      401: page('Not logged in'),
      404: page('No such sandbox payment of this user'),
      409: page('The payment is closed'),
    },
  },
  sandboxApprove: {
    ...routes.sandboxApprove,
    tag: 'Payments',
    summary: 'Approve a sandbox payment; redirects to the shop’s return page',
    params: paymentIdParamsSchema,
    responses: {
      303: { kind: 'redirect', description: 'To /shop/paypal-return?paymentId=…&PayerID=…' },
      401: page('Not logged in'),
      404: page('No such sandbox payment of this user'),
      409: page('The payment was cancelled or failed'),
    },
  },
  sandboxCancel: {
    ...routes.sandboxCancel,
    tag: 'Payments',
    summary: 'Cancel a sandbox payment; redirects to the shop’s cancel page',
    params: paymentIdParamsSchema,
    responses: {
      303: { kind: 'redirect', description: 'To /shop/paypal-cancel?paymentId=…' },
      401: page('Not logged in'),
      404: page('No such sandbox payment of this user'),
      409: page('The order is already paid'),
    },
  },
  paypalWebhook: {
    ...routes.paypalWebhook,
    tag: 'Payments',
    summary: 'PayPal webhook events (signature verified with PayPal)',
    description: 'Answers 404 when PayPal is not configured.',
    body: json(paypalWebhookEventSchema),
    responses: { 200: okMsg({}, 'Processed (or seen before)') },
    errors: [400, 404, 502, 503],
  },
  codConfirm: {
    ...routes.codConfirm,
    tag: 'Orders',
    summary: 'Confirm a cash-on-delivery order with the code sent by SMS: the order is placed',
    body: json(codConfirmInputSchema),
    responses: { 200: okMsg({ data: orderDtoSchema }, 'Placed (or placed before)') },
    errors: [404, 409, 422, 429],
  },
  razorpayWebhook: {
    ...routes.razorpayWebhook,
    tag: 'Payments',
    summary: 'Payment gateway webhook events (X-Razorpay-Signature over the raw body)',
    description:
      'Stored once per event id (X-Razorpay-Event-Id) and answered at once; processed from the stored row. Answers 404 when the gateway is not configured.',
    body: json(gatewayWebhookEventSchema),
    responses: { 200: okMsg({}, 'Stored (or seen before)') },
    errors: [400, 404],
  },
  razorpayVerify: {
    ...routes.razorpayVerify,
    tag: 'Payments',
    summary: "The browser's signed return from the gateway's checkout: completes the payment",
    body: json(gatewayVerifyInputSchema),
    responses: {
      200: okMsg({ data: gatewayVerifyAnswerSchema }, 'Paid (or still settling: pending)'),
    },
    errors: [400, 402, 404, 409, 503],
  },
  razorpayReturn: {
    ...routes.razorpayReturn,
    tag: 'Payments',
    summary:
      "The gateway checkout's signed result, posted by the shopper's browser (a form); completes the payment",
    description:
      'Form fields razorpay_order_id, razorpay_payment_id, razorpay_signature (or error[…] after a failed attempt). No session is needed: only the signature is trusted.',
    responses: {
      303: {
        kind: 'redirect',
        description: 'To /shop/payment-success/{orderId}, or the orders page when not paid',
      },
      400: page('The signature is not the gateway’s'),
    },
  },
  razorpayCheckout: {
    ...routes.razorpayCheckout,
    tag: 'Payments',
    summary: "Opens the gateway's hosted checkout for a pending order (HTML that posts to the gateway)",
    params: gatewayCheckoutParamsSchema,
    query: gatewayCheckoutQuerySchema,
    responses: {
      200: page('A page that posts to the gateway checkout'),
      401: page('Not logged in'),
      404: page('No such gateway payment of this user'),
      409: page('The payment is closed'),
    },
  },

  // Seller orders
  sellerOrders: {
    ...routes.sellerOrders,
    tag: 'Seller orders',
    summary: "The paid orders holding the session seller's products, newest first",
    responses: { 200: ok({ data: z.array(sellerOrderDtoSchema) }) },
  },
  sellerOrderDetails: {
    ...routes.sellerOrderDetails,
    tag: 'Seller orders',
    summary: "One order, with only the seller's own lines",
    params: idParamsSchema,
    responses: { 200: ok({ data: sellerOrderDtoSchema }) },
    errors: [404],
  },
  updateSellerOrder: {
    ...routes.updateSellerOrder,
    tag: 'Seller orders',
    summary: "Set the status of the seller's own lines of an order",
    params: idParamsSchema,
    body: json(sellerOrderStatusInputSchema),
    responses: { 200: okMsg({ data: sellerOrderDtoSchema }, 'Updated') },
    errors: [404, 409],
  },
  sellerOrdersOf: {
    ...routes.sellerOrdersOf,
    tag: 'Seller orders',
    summary: 'The same list as /api/seller/orders/get, for the session seller’s own id',
    params: sellerIdParamsSchema,
    responses: { 200: ok({ data: z.array(sellerOrderDtoSchema) }) },
  },

  // Money (docs/money.md)
  cancelAnyOrder: {
    ...routes.cancelAnyOrder,
    tag: 'Orders',
    summary:
      'Cancel an order: unpaid ends the hold; paid and unshipped refunds what is left and returns stock',
    params: z.object({ orderId: idSchema }),
    responses: { 200: okMsg({ data: orderDtoSchema }, 'Cancelled (and refunded)') },
    errors: [404, 409],
  },
  adminOrders: {
    ...routes.adminOrders,
    tag: 'Orders',
    summary: 'Every order, filtered by status, payment status, seller, dates and order number; paginated',
    query: adminOrderListQuerySchema,
    responses: { 200: ok({ data: z.array(orderDtoSchema), pagination: paginationSchema }) },
  },
  adminRefund: {
    ...routes.adminRefund,
    tag: 'Orders',
    summary: 'Refund part or all of a paid order, with a reason',
    params: z.object({ orderId: idSchema }),
    body: json(adminRefundInputSchema),
    responses: {
      200: okMsg({ data: orderDtoSchema }, 'The same refund again: nothing changed'),
      201: okMsg({ data: orderDtoSchema }, 'Refund issued'),
    },
    errors: [404, 409],
  },
  sellerCod: {
    ...routes.sellerCod,
    tag: 'Orders',
    summary: 'Whether the session seller takes cash on delivery',
    responses: { 200: ok({ data: sellerCodSettingsSchema }) },
  },
  updateSellerCod: {
    ...routes.updateSellerCod,
    tag: 'Orders',
    summary: 'Take cash on delivery or not (an order with a seller that does not is not offered it)',
    body: json(sellerCodSettingsSchema),
    responses: { 200: okMsg({ data: sellerCodSettingsSchema }) },
  },
  codRemittances: {
    ...routes.codRemittances,
    tag: 'Orders',
    summary: "Import the courier's cash-on-delivery remittances (CSV: awb,amount,date,reference)",
    description:
      'multipart `my_file`: the CSV (text/csv, 1 MB and 5,000 rows at most; a JSON body `{ csv }` is taken too). ' +
      'Each row is matched to its parcel by AWB: matched (the parcel is remitted and its seller credited), amount_mismatch, unknown, duplicate or invalid. ' +
      '400 INVALID_CSV: no file or not a CSV; 413 PAYLOAD_TOO_LARGE: over 1 MB; 415 UNSUPPORTED_FILE: not text/csv.',
    body: { kind: 'multipart', schema: codRemittanceUploadBodySchema },
    responses: { 200: okMsg({ data: z.array(codRemittanceRowSchema) }, 'Each row and what it did') },
    errors: [413, 415],
  },

  // Earnings (docs/money.md, "Seller earnings")
  sellerEarnings: {
    ...routes.sellerEarnings,
    tag: 'Earnings',
    summary: "The seller's balance and totals, and a page of its statement (newest first)",
    query: earningsQuerySchema,
    responses: { 200: ok({ data: sellerEarningsDtoSchema, pagination: paginationSchema }) },
  },
  adminSellerAccounts: {
    ...routes.adminSellerAccounts,
    tag: 'Earnings',
    summary: 'Every seller with its balance, earnings, payouts and commission rate',
    responses: { 200: ok({ data: z.array(sellerAccountDtoSchema) }) },
  },
  adminSetCommission: {
    ...routes.adminSetCommission,
    tag: 'Earnings',
    summary: "Set a seller's own commission rate (null: the platform rate) for lines delivered from now on",
    params: sellerIdParamsSchema,
    body: json(commissionInputSchema),
    responses: { 200: okMsg({ data: sellerAccountDtoSchema }, 'Rate saved') },
    errors: [404],
  },
  // Coupons (docs/money.md, "Coupons")
  adminCreateCoupon: {
    ...routes.adminCreateCoupon,
    tag: 'Coupons',
    summary:
      'Create a platform-funded code (all products, or chosen categories, sellers, brands or products)',
    description:
      'A percent over 100, a negative amount or an end before the start is 400; a code already used (any case) 409 ' +
      '`COUPON_CODE_TAKEN`.',
    body: json(couponInputSchema),
    responses: { 201: okMsg({ data: couponDtoSchema }, 'Coupon created') },
    errors: [409],
  },
  adminListCoupons: {
    ...routes.adminListCoupons,
    tag: 'Coupons',
    summary: 'Every coupon (platform and sellers), newest first, with its uses and the discount given',
    responses: { 200: ok({ data: z.array(couponDtoSchema) }) },
  },
  adminUpdateCoupon: {
    ...routes.adminUpdateCoupon,
    tag: 'Coupons',
    summary: 'Pause, resume or edit a coupon; orders already placed keep their discount',
    params: idParamsSchema,
    body: json(couponUpdateSchema),
    responses: { 200: okMsg({ data: couponDtoSchema }, 'Coupon saved') },
    errors: [404],
  },
  sellerCreateCoupon: {
    ...routes.sellerCreateCoupon,
    tag: 'Coupons',
    summary: "Create a seller-funded code on the seller's own products",
    description:
      "Naming another seller, or another seller's products, is 403; a code already used (any case) 409 " +
      '`COUPON_CODE_TAKEN`.',
    body: json(couponInputSchema),
    responses: { 201: okMsg({ data: couponDtoSchema }, 'Coupon created') },
    errors: [403, 409],
  },
  sellerListCoupons: {
    ...routes.sellerListCoupons,
    tag: 'Coupons',
    summary: "The seller's own codes, newest first, with their uses and the discount given",
    responses: { 200: ok({ data: z.array(couponDtoSchema) }) },
  },
  sellerUpdateCoupon: {
    ...routes.sellerUpdateCoupon,
    tag: 'Coupons',
    summary: "Pause, resume or edit one of the seller's own codes",
    params: idParamsSchema,
    body: json(couponUpdateSchema),
    responses: { 200: okMsg({ data: couponDtoSchema }, 'Coupon saved') },
    errors: [403, 404],
  },
  applyCoupon: {
    ...routes.applyCoupon,
    tag: 'Cart',
    summary: "Apply a code to the session user's cart; answers the cart with each code's discount",
    description:
      'An unknown, not yet started, expired, paused, exhausted, already used or not applicable code is 422 with the ' +
      'reason the cart shows (`details.reason`, e.g. `COUPON_BELOW_MINIMUM` with `details.missing`). One platform ' +
      'code and one code per seller at most: another is 409 `COUPON_LIMIT_REACHED`.',
    body: json(applyCouponInputSchema),
    responses: { 200: okMsg({ data: cartViewDtoSchema }, 'Coupon applied') },
    errors: [409, 422],
  },
  removeCoupon: {
    ...routes.removeCoupon,
    tag: 'Cart',
    summary: "Remove a code from the session user's cart; answers the cart",
    params: couponCodeParamsSchema,
    responses: { 200: okMsg({ data: cartViewDtoSchema }, 'Coupon removed') },
    errors: [404],
  },
  shopOffers: {
    ...routes.shopOffers,
    tag: 'Shop',
    summary: 'The active platform offers (for the home banner and the product page badge); cached briefly',
    responses: { 200: ok({ data: z.array(offerDtoSchema) }) },
  },
  returnPolicies: {
    ...routes.returnPolicies,
    tag: 'Earnings',
    summary:
      'The return policy of every category: days from delivery a line may be returned, or not returnable',
    responses: { 200: ok({ data: z.array(returnPolicyDtoSchema) }) },
  },
  adminSetReturnPolicy: {
    ...routes.adminSetReturnPolicy,
    tag: 'Earnings',
    summary: "Set a category's return window (null or 0: not returnable) for orders placed from now on",
    params: returnPolicyParamsSchema,
    body: json(returnPolicyInputSchema),
    responses: { 200: okMsg({ data: returnPolicyDtoSchema }, 'Policy saved') },
  },
  adminPayouts: {
    ...routes.adminPayouts,
    tag: 'Earnings',
    summary: 'Payouts to sellers, newest first, optionally of one seller; paginated',
    query: payoutListQuerySchema,
    responses: { 200: ok({ data: z.array(payoutDtoSchema), pagination: paginationSchema }) },
  },
  adminRecordPayout: {
    ...routes.adminRecordPayout,
    tag: 'Earnings',
    summary: 'Record a transfer to a seller (never more than its balance; one per transfer reference)',
    body: json(payoutInputSchema),
    responses: {
      200: okMsg({ data: payoutDtoSchema }, 'This payout was already recorded: nothing changed'),
      201: okMsg({ data: payoutDtoSchema }, 'Payout recorded'),
    },
    errors: [404, 409],
  },

  // Returns (docs/returns.md)
  requestReturn: {
    ...routes.requestReturn,
    tag: 'Returns',
    summary: 'Ask to return delivered units of an order (one return per seller sub-order)',
    description:
      '409 RETURN_WINDOW_CLOSED, NOT_RETURNABLE, NOT_DELIVERED or RETURN_QUANTITY_EXCEEDED (more units than ' +
      'delivered minus those returned or being returned; also the same units twice); 404 another shopper’s ' +
      'order or line; 422 REFUND_DESTINATION_REQUIRED (cash on delivery without refundTo) or ' +
      'REFUND_DESTINATION_NOT_ALLOWED (refundTo on a prepaid order).',
    body: json(returnRequestInputSchema),
    responses: { 201: okMsg({ data: z.array(returnDtoSchema) }, 'Return requested') },
    errors: [404, 409, 422],
  },
  uploadReturnPhoto: {
    ...routes.uploadReturnPhoto,
    tag: 'Returns',
    summary: "Upload a photo for a return request (the answer's result.url goes in the request's photos)",
    body: { kind: 'multipart', schema: uploadBodySchema },
    responses: {
      201: okMsg(
        { result: uploadedImageSchema.meta({ description: 'the stored photo and its widths' }) },
        'Stored',
      ),
    },
    errors: [422, 502],
    rateLimited: true,
  },
  shopReturns: {
    ...routes.shopReturns,
    tag: 'Returns',
    summary: "The session shopper's returns, newest first (optionally of one order); paginated",
    query: shopReturnListQuerySchema,
    responses: { 200: ok({ data: z.array(returnDtoSchema), pagination: paginationSchema }) },
  },
  updateShopReturn: {
    ...routes.updateShopReturn,
    tag: 'Returns',
    summary:
      'Cancel a return before pickup, dispute a rejection (the admin decides), or give another UPI id or bank account after its refund payout failed',
    params: returnIdParamsSchema,
    body: json(shopReturnActionInputSchema),
    responses: { 200: okMsg({ data: returnDtoSchema }, 'Updated') },
    errors: [404, 409, 422, 503],
  },
  sellerReturns: {
    ...routes.sellerReturns,
    tag: 'Returns',
    summary: "The session seller's returns: open ones by decision deadline first; paginated",
    query: sellerReturnListQuerySchema,
    responses: { 200: ok({ data: z.array(returnDtoSchema), pagination: paginationSchema }) },
  },
  decideSellerReturn: {
    ...routes.decideSellerReturn,
    tag: 'Returns',
    summary: 'Approve or reject (with a reason) a return, or mark its parcel received (which refunds it)',
    params: returnIdParamsSchema,
    body: json(sellerReturnActionInputSchema),
    responses: { 200: okMsg({ data: returnDtoSchema }, 'Updated') },
    errors: [404, 409],
  },
  adminReturns: {
    ...routes.adminReturns,
    tag: 'Returns',
    summary: 'Every return, filtered by state, dispute and seller; paginated',
    query: adminReturnListQuerySchema,
    responses: { 200: ok({ data: z.array(returnDtoSchema), pagination: paginationSchema }) },
  },
  decideAdminReturn: {
    ...routes.decideAdminReturn,
    tag: 'Returns',
    summary: 'Decide a return (a disputed rejection mostly) with a note: approve, reject or refund now',
    params: returnIdParamsSchema,
    body: json(adminReturnActionInputSchema),
    responses: { 200: okMsg({ data: returnDtoSchema }, 'Decided') },
    errors: [404, 409],
  },

  // Dashboards
  adminDashboard: {
    ...routes.adminDashboard,
    tag: 'Dashboards',
    summary: 'Paid orders, revenue, pending sellers and products',
    responses: { 200: ok({ data: adminDashboardDtoSchema }) },
  },
  sellerDashboard: {
    ...routes.sellerDashboard,
    tag: 'Dashboards',
    summary: "The session seller's paid lines, revenue, products and low stock",
    responses: { 200: ok({ data: sellerDashboardDtoSchema }) },
  },

  // Seller notifications (docs/seo-and-email.md, "Seller notifications")
  sellerNotifications: {
    ...routes.sellerNotifications,
    tag: 'Notifications',
    summary: "The seller's notifications, newest first, paginated, with how many are unread",
    query: notificationListQuerySchema,
    responses: {
      200: ok({
        data: z.array(sellerNotificationDtoSchema),
        pagination: paginationSchema,
        unread: z.number().int(),
      }),
    },
  },
  sellerNotificationRead: {
    ...routes.sellerNotificationRead,
    tag: 'Notifications',
    summary: "Mark one of the seller's notifications read (already read: unchanged)",
    params: idParamsSchema,
    responses: { 200: ok({ data: sellerNotificationDtoSchema, unread: z.number().int() }) },
    errors: [404],
  },
  sellerNotificationsReadAll: {
    ...routes.sellerNotificationsReadAll,
    tag: 'Notifications',
    summary: "Mark every one of the seller's notifications read",
    responses: { 200: okMsg({ unread: z.number().int() }) },
  },
  sellerNotificationSettings: {
    ...routes.sellerNotificationSettings,
    tag: 'Notifications',
    summary: "The seller's notification settings (the low-stock threshold; 0 = off)",
    responses: { 200: ok({ data: notificationSettingsSchema }) },
  },
  updateSellerNotificationSettings: {
    ...routes.updateSellerNotificationSettings,
    tag: 'Notifications',
    summary: "Change the seller's notification settings",
    body: json(notificationSettingsSchema),
    responses: { 200: okMsg({ data: notificationSettingsSchema }, 'Settings saved') },
  },
  sellerTaxProfile: {
    ...routes.sellerTaxProfile,
    tag: 'Tax',
    summary: "The seller's GST registration (null until saved)",
    responses: { 200: ok({ data: taxProfileDtoSchema.nullable() }) },
  },
  updateSellerTaxProfile: {
    ...routes.updateSellerTaxProfile,
    tag: 'Tax',
    summary:
      'Save the GST registration: legal name, GSTIN (state code, PAN, check character), state, address',
    body: json(taxProfileInputSchema),
    responses: { 200: okMsg({ data: taxProfileDtoSchema }, 'Saved') },
  },
  sellerDocuments: {
    ...routes.sellerDocuments,
    tag: 'Tax',
    summary: "The seller's tax invoices, credit notes and commission invoices, newest first",
    query: documentRegisterQuerySchema,
    responses: { 200: ok({ data: z.array(taxDocumentDtoSchema), pagination: paginationSchema }) },
  },
  sellerTaxStatement: {
    ...routes.sellerTaxStatement,
    tag: 'Tax',
    summary: "Per month: net taxable value of the seller's supplies, TCS and TDS withheld",
    responses: { 200: ok({ data: z.array(taxStatementMonthSchema) }) },
  },
  sellerTaxStatementCsv: {
    ...routes.sellerTaxStatementCsv,
    tag: 'Tax',
    summary: 'The same statement as CSV',
    responses: { 200: { kind: 'csv', description: 'month,taxable_value,tcs,tds' } },
  },
  orderDocuments: {
    ...routes.orderDocuments,
    tag: 'Tax',
    summary:
      "An order's tax documents: the shopper's own order, a seller's own documents of it, or any (admin)",
    params: z.object({ orderId: idSchema }),
    responses: { 200: ok({ data: z.array(taxDocumentDtoSchema) }) },
    errors: [404],
  },
  documentPdf: {
    ...routes.documentPdf,
    tag: 'Tax',
    summary: 'A tax document as PDF (its SHA-256 checked; X-Content-SHA256 carries it)',
    params: documentIdParamsSchema,
    responses: { 200: { kind: 'pdf', description: 'The PDF' } },
    errors: [404],
  },
  adminTaxProfiles: {
    ...routes.adminTaxProfiles,
    tag: 'Tax',
    summary: "Every seller's GST registration",
    responses: { 200: ok({ data: z.array(taxProfileDtoSchema) }) },
  },
  adminSellerTaxProfile: {
    ...routes.adminSellerTaxProfile,
    tag: 'Tax',
    summary: "A seller's GST registration and its history of changes",
    params: sellerIdParamsSchema,
    responses: {
      200: ok({ data: taxProfileDtoSchema.nullable(), history: z.array(taxProfileChangeDtoSchema) }),
    },
  },
  adminUpdateSellerTaxProfile: {
    ...routes.adminUpdateSellerTaxProfile,
    tag: 'Tax',
    summary: "Correct a seller's GST registration (recorded in its history)",
    params: sellerIdParamsSchema,
    body: json(taxProfileInputSchema),
    responses: { 200: okMsg({ data: taxProfileDtoSchema }, 'Saved') },
    errors: [404],
  },
  adminDocuments: {
    ...routes.adminDocuments,
    tag: 'Tax',
    summary: 'The register of every tax document, filtered by kind, seller, month (YYYY-MM) or number',
    query: documentRegisterQuerySchema,
    responses: { 200: ok({ data: z.array(taxDocumentDtoSchema), pagination: paginationSchema }) },
  },
  adminTcsReport: {
    ...routes.adminTcsReport,
    tag: 'Tax',
    summary: "The month's TCS by seller GSTIN (CSV): the data of the operator's monthly TCS return",
    query: tcsReportQuerySchema,
    responses: {
      200: {
        kind: 'csv',
        description: 'month,seller_gstin,legal_name,state,net_taxable_value,tcs,documents',
      },
    },
  },
  adminIssueCommissionInvoices: {
    ...routes.adminIssueCommissionInvoices,
    tag: 'Tax',
    summary: "Issue a month's commission invoices not issued yet (the job does it for last month by itself)",
    body: json(tcsReportQuerySchema),
    responses: { 200: okMsg({ issued: z.number() }, 'Issued') },
  },
} as const satisfies Record<string, EndpointDef>;

export type Endpoints = typeof endpoints;
export type EndpointId = keyof Endpoints;
export type Endpoint = EndpointDef & { id: string };

/** Every endpoint with its id, in table order. */
export const endpointList: readonly Endpoint[] = Object.entries(endpoints).map(([id, e]) => ({
  id,
  ...(e as EndpointDef),
}));

// ---- types read from the table --------------------------------------------------------------------------------
type JsonResponses<E extends EndpointDef> = {
  [S in keyof E['responses'] as E['responses'][S] extends JsonAnswer ? S : never]: E['responses'][S];
};
/** The success statuses of an endpoint that answer JSON. */
export type JsonStatus<E extends EndpointDef> = keyof JsonResponses<E> & number;
/** The whole JSON answer (envelope included) of an endpoint for a status (default: all its JSON answers). */
export type EndpointAnswer<E extends EndpointDef, S extends JsonStatus<E> = JsonStatus<E>> =
  E['responses'][S] extends JsonAnswer<infer Z> ? z.output<Z> : never;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** What a handler hands to the answer helper: the answer without `success` (each variant of a union). */
export type EndpointPayload<E extends EndpointDef, S extends JsonStatus<E> = JsonStatus<E>> =
  E['responses'][S] extends JsonAnswer<infer Z> ? DistributiveOmit<z.input<Z>, 'success'> : never;
export type EndpointBody<E extends EndpointDef> = E['body'] extends BodySpec<infer Z> ? z.input<Z> : never;
export type EndpointQuery<E extends EndpointDef> = E['query'] extends z.ZodType ? z.input<E['query']> : never;
export type EndpointParams<E extends EndpointDef> = E['params'] extends z.ZodType
  ? z.output<E['params']>
  : Record<string, never>;

/**
 * The error statuses an endpoint may answer with the error envelope: 400 for any input (and for any body sent to
 * a write: malformed JSON, odd encodings), 403/413/415 for writes (another site, too large, not JSON), 401 and
 * 403 for guarded routes, 429 for limited ones,
 * the ones it declares, and 500/503 (an unexpected failure, the database out of reach) for all.
 */
export function errorStatuses(e: EndpointDef): number[] {
  const out = new Set<number>(e.errors ?? []);
  if (e.params || e.query || e.body || e.method !== 'get') out.add(400);
  if (e.method !== 'get') {
    // writes from another site (CROSS_SITE_REQUEST), too large, or not JSON/multipart (UNSUPPORTED_MEDIA_TYPE)
    out.add(403);
    out.add(413);
    out.add(415);
  }
  if (e.auth !== 'none') out.add(401);
  if (e.auth !== 'none' && e.auth !== 'session') out.add(403);
  if (e.rateLimited) out.add(429);
  out.add(500);
  out.add(503);
  for (const status of Object.keys(e.responses)) out.delete(Number(status));
  return [...out].sort((a, b) => a - b);
}

/** `/api/shop/cart/:userId/:productId` → `/api/shop/cart/{userId}/{productId}` (OpenAPI path templates). */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** The endpoint a request is for: literal segments win over parameters (as Express routes them in this app). */
export function matchEndpoint(method: string, path: string): Endpoint | undefined {
  const m = method.toLowerCase();
  let best: { e: Endpoint; params: number } | undefined;
  for (const e of endpointList) {
    if (e.method !== m) continue;
    const pattern = new RegExp(`^${e.path.replace(/[.]/g, '\\.').replace(/:(\w+)/g, '[^/]+')}/?$`);
    if (!pattern.test(path)) continue;
    const params = (e.path.match(/:/g) ?? []).length;
    if (!best || params < best.params) best = { e, params };
  }
  return best?.e;
}

/** The JSON answer of the endpoint with this id (e.g. `Answer<'listProducts'>`), for callers such as the web. */
export type Answer<K extends EndpointId> = EndpointAnswer<Endpoints[K]>;

/** GET /api/auth/check-auth: always 200; an anonymous visitor gets `authenticated: false` and `user: null`. */
export type CheckAuthAnswer = Answer<'checkAuth'>;
