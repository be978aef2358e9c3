/**
 * The route of every endpoint: its method, its Express-style path (`:name` parameters, /api included) and who may
 * call it. Each is written here once. The endpoint table (endpoints.ts) spreads these into its rows and adds the
 * schemas and answers; the server registers and guards its routes from them (apps/server/src/lib/route.ts) and the
 * web builds its URLs from them (`pathOf`). No zod here: the web's first scripts import this file alone.
 * See docs/api-contract.md.
 */

export const HTTP_METHODS = ['get', 'post', 'put', 'delete'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * Who may call: nobody in particular; any logged-in user (the session cookie); the admin; an approved seller;
 * an approved seller or the admin. Role routes also answer 401 without a session.
 */
export const AUTH_LEVELS = ['none', 'session', 'admin', 'approvedSeller', 'approvedSellerOrAdmin'] as const;
export type AuthLevel = (typeof AUTH_LEVELS)[number];

export interface RouteDef {
  method: HttpMethod;
  /** Express-style path (`:name` parameters), including /api */
  path: string;
  auth: AuthLevel;
}

export const routes = {
  health: { method: 'get', path: '/api/health', auth: 'none' },
  healthLive: { method: 'get', path: '/api/health/live', auth: 'none' },
  healthReady: { method: 'get', path: '/api/health/ready', auth: 'none' },
  openapi: { method: 'get', path: '/api/openapi.json', auth: 'none' },
  docs: { method: 'get', path: '/api/docs', auth: 'none' },
  register: { method: 'post', path: '/api/auth/register', auth: 'none' },
  login: { method: 'post', path: '/api/auth/login', auth: 'none' },
  loginLink: { method: 'post', path: '/api/auth/login-link', auth: 'none' },
  logout: { method: 'post', path: '/api/auth/logout', auth: 'none' },
  checkAuth: { method: 'get', path: '/api/auth/check-auth', auth: 'none' },
  me: { method: 'get', path: '/api/auth/get', auth: 'session' },
  sellerInfo: { method: 'get', path: '/api/auth/user/seller-info', auth: 'session' },
  getUser: { method: 'get', path: '/api/auth/user/:id', auth: 'session' },
  updateProfile: { method: 'put', path: '/api/auth/update/:id', auth: 'session' },
  changePassword: { method: 'put', path: '/api/auth/password', auth: 'session' },
  uploadSellerDocument: { method: 'post', path: '/api/auth/seller/upload-document', auth: 'none' },
  registerSeller: { method: 'post', path: '/api/auth/seller/register-seller', auth: 'none' },
  listSellers: { method: 'get', path: '/api/auth/sellerlist/get', auth: 'admin' },
  getSeller: { method: 'get', path: '/api/auth/sellerlist/details/:id', auth: 'admin' },
  decideSeller: { method: 'put', path: '/api/auth/sellerlist/update/:id', auth: 'admin' },
  adminAddProduct: { method: 'post', path: '/api/admin/products/add', auth: 'admin' },
  adminListProducts: { method: 'get', path: '/api/admin/products/get', auth: 'admin' },
  adminEditProduct: { method: 'put', path: '/api/admin/products/edit/:id', auth: 'admin' },
  adminDeleteProduct: { method: 'delete', path: '/api/admin/products/delete/:id', auth: 'admin' },
  uploadProductImage: {
    method: 'post',
    path: '/api/admin/products/upload-image',
    auth: 'approvedSellerOrAdmin',
  },
  sellerAddProduct: { method: 'post', path: '/api/seller/products/add', auth: 'approvedSeller' },
  sellerListProducts: {
    method: 'get',
    path: '/api/seller/products/get/:sellerId',
    auth: 'approvedSellerOrAdmin',
  },
  sellerEditProduct: { method: 'put', path: '/api/seller/products/edit/:id', auth: 'approvedSeller' },
  sellerDeleteProduct: { method: 'delete', path: '/api/seller/products/delete/:id', auth: 'approvedSeller' },
  sellerImportProducts: { method: 'post', path: '/api/seller/products/import', auth: 'approvedSeller' },
  sellerImportJobs: { method: 'get', path: '/api/seller/products/import', auth: 'approvedSeller' },
  sellerImportJob: { method: 'get', path: '/api/seller/products/import/:jobId', auth: 'approvedSeller' },
  listProducts: { method: 'get', path: '/api/shop/products/get', auth: 'none' },
  getProduct: { method: 'get', path: '/api/shop/products/get/:id', auth: 'none' },
  searchProducts: { method: 'get', path: '/api/shop/product/search/search-product/:keyword', auth: 'none' },
  searchSuggest: { method: 'get', path: '/api/shop/search/suggest', auth: 'none' },
  home: { method: 'get', path: '/api/shop/home', auth: 'none' },
  getStore: { method: 'get', path: '/api/shop/store/:slug', auth: 'none' },
  sellerStore: { method: 'get', path: '/api/seller/store', auth: 'approvedSeller' },
  sellerCod: { method: 'get', path: '/api/seller/cod', auth: 'approvedSeller' },
  updateSellerCod: { method: 'put', path: '/api/seller/cod', auth: 'approvedSeller' },
  sellerDeliverySettings: { method: 'get', path: '/api/seller/delivery/settings', auth: 'approvedSeller' },
  updateSellerDeliverySettings: {
    method: 'put',
    path: '/api/seller/delivery/settings',
    auth: 'approvedSeller',
  },
  deliveryHolidays: { method: 'get', path: '/api/admin/delivery/holidays', auth: 'admin' },
  setDeliveryHoliday: { method: 'put', path: '/api/admin/delivery/holidays/:day', auth: 'admin' },
  removeDeliveryHoliday: { method: 'delete', path: '/api/admin/delivery/holidays/:day', auth: 'admin' },
  deliveryEstimate: { method: 'get', path: '/api/shop/delivery/estimate', auth: 'none' },
  deliveryQuote: { method: 'get', path: '/api/shop/delivery/quote', auth: 'session' },
  shipOrder: { method: 'post', path: '/api/seller/orders/:orderId/ship', auth: 'approvedSeller' },
  shipmentLabel: { method: 'get', path: '/api/seller/orders/:orderId/label', auth: 'approvedSeller' },
  deliverWithCode: { method: 'post', path: '/api/seller/orders/:orderId/deliver', auth: 'approvedSeller' },
  courierWebhook: { method: 'post', path: '/api/couriers/webhook', auth: 'none' },
  orderTracking: { method: 'get', path: '/api/shop/order/:orderId/tracking', auth: 'session' },
  uploadStoreImage: { method: 'post', path: '/api/seller/store/images/:kind', auth: 'approvedSeller' },
  removeStoreImage: { method: 'delete', path: '/api/seller/store/images/:kind', auth: 'approvedSeller' },
  shopConfig: { method: 'get', path: '/api/shop/config', auth: 'none' },
  addReview: { method: 'post', path: '/api/shop/review/add', auth: 'session' },
  listReviews: { method: 'get', path: '/api/shop/review/:productId', auth: 'none' },
  addToWishlist: { method: 'post', path: '/api/shop/account/wishlist/add', auth: 'session' },
  getWishlist: { method: 'get', path: '/api/shop/account/wishlist/get/:userId', auth: 'session' },
  removeFromWishlist: {
    method: 'delete',
    path: '/api/shop/account/wishlist/:userId/:productId',
    auth: 'session',
  },
  listBrands: { method: 'get', path: '/api/shop/brands', auth: 'none' },
  adminListBrands: { method: 'get', path: '/api/admin/brands', auth: 'admin' },
  addBrand: { method: 'post', path: '/api/admin/brands', auth: 'admin' },
  updateBrand: { method: 'put', path: '/api/admin/brands/:brandId', auth: 'admin' },
  addBanner: { method: 'post', path: '/api/common/banner/add', auth: 'admin' },
  listBanners: { method: 'get', path: '/api/common/banner/get', auth: 'none' },
  deleteBanner: { method: 'delete', path: '/api/common/banner/delete/:id', auth: 'admin' },
  addToCart: { method: 'post', path: '/api/shop/cart/add', auth: 'session' },
  getCart: { method: 'get', path: '/api/shop/cart/get/:userId', auth: 'session' },
  updateCart: { method: 'put', path: '/api/shop/cart/update-cart', auth: 'session' },
  removeFromCart: { method: 'delete', path: '/api/shop/cart/:userId/:productId', auth: 'session' },
  addAddress: { method: 'post', path: '/api/shop/address/add', auth: 'session' },
  listAddresses: { method: 'get', path: '/api/shop/address/get/:userId', auth: 'session' },
  updateAddress: { method: 'put', path: '/api/shop/address/update/:userId/:addressId', auth: 'session' },
  deleteAddress: { method: 'delete', path: '/api/shop/address/delete/:userId/:addressId', auth: 'session' },
  createOrder: { method: 'post', path: '/api/shop/order/create', auth: 'session' },
  captureOrder: { method: 'post', path: '/api/shop/order/capture', auth: 'session' },
  cancelOrder: { method: 'post', path: '/api/shop/order/cancel', auth: 'session' },
  codConfirm: { method: 'post', path: '/api/shop/order/cod/confirm', auth: 'session' },
  listOrders: { method: 'get', path: '/api/shop/order/list/:userId', auth: 'session' },
  getOrder: { method: 'get', path: '/api/shop/order/details/:id', auth: 'session' },
  sandboxPaymentPage: { method: 'get', path: '/api/payments/sandbox/:paymentId', auth: 'session' },
  sandboxApprove: { method: 'post', path: '/api/payments/sandbox/:paymentId/approve', auth: 'session' },
  sandboxCancel: { method: 'post', path: '/api/payments/sandbox/:paymentId/cancel', auth: 'session' },
  paypalWebhook: { method: 'post', path: '/api/payments/paypal/webhook', auth: 'none' },
  razorpayWebhook: { method: 'post', path: '/api/payments/razorpay/webhook', auth: 'none' },
  razorpayVerify: { method: 'post', path: '/api/payments/razorpay/verify', auth: 'session' },
  razorpayReturn: { method: 'post', path: '/api/payments/razorpay/return', auth: 'none' },
  razorpayCheckout: {
    method: 'get',
    path: '/api/payments/razorpay/checkout/:gatewayOrderId',
    auth: 'session',
  },
  sellerOrders: { method: 'get', path: '/api/seller/orders/get', auth: 'approvedSeller' },
  sellerOrderDetails: { method: 'get', path: '/api/seller/orders/details/:id', auth: 'approvedSeller' },
  updateSellerOrder: { method: 'put', path: '/api/seller/orders/update/:id', auth: 'approvedSeller' },
  sellerOrdersOf: { method: 'get', path: '/api/seller/orders/:sellerId', auth: 'approvedSeller' },
  cancelAnyOrder: { method: 'post', path: '/api/shop/order/cancel/:orderId', auth: 'session' },
  adminOrders: { method: 'get', path: '/api/admin/orders', auth: 'admin' },
  adminRefund: { method: 'post', path: '/api/admin/orders/:orderId/refund', auth: 'admin' },
  codRemittances: { method: 'post', path: '/api/admin/cod/remittances', auth: 'admin' },
  sellerEarnings: { method: 'get', path: '/api/seller/earnings', auth: 'approvedSeller' },
  adminSellerAccounts: { method: 'get', path: '/api/admin/seller-accounts', auth: 'admin' },
  adminSetCommission: { method: 'put', path: '/api/admin/sellers/:sellerId/commission', auth: 'admin' },
  adminPayouts: { method: 'get', path: '/api/admin/payouts', auth: 'admin' },
  returnPolicies: { method: 'get', path: '/api/shop/return-policies', auth: 'none' },
  adminSetReturnPolicy: { method: 'put', path: '/api/admin/return-policies/:category', auth: 'admin' },
  adminRecordPayout: { method: 'post', path: '/api/admin/payouts', auth: 'admin' },
  requestReturn: { method: 'post', path: '/api/shop/returns', auth: 'session' },
  shopReturns: { method: 'get', path: '/api/shop/returns', auth: 'session' },
  uploadReturnPhoto: { method: 'post', path: '/api/shop/returns/photos', auth: 'session' },
  updateShopReturn: { method: 'put', path: '/api/shop/returns/:returnId', auth: 'session' },
  sellerReturns: { method: 'get', path: '/api/seller/returns', auth: 'approvedSeller' },
  decideSellerReturn: { method: 'put', path: '/api/seller/returns/:returnId', auth: 'approvedSeller' },
  adminReturns: { method: 'get', path: '/api/admin/returns', auth: 'admin' },
  decideAdminReturn: { method: 'put', path: '/api/admin/returns/:returnId', auth: 'admin' },
  adminDashboard: { method: 'get', path: '/api/admin/dashboard', auth: 'admin' },
  sellerDashboard: { method: 'get', path: '/api/seller/dashboard', auth: 'approvedSeller' },
  sellerNotifications: { method: 'get', path: '/api/seller/notifications', auth: 'approvedSeller' },
  sellerNotificationRead: {
    method: 'post',
    path: '/api/seller/notifications/:id/read',
    auth: 'approvedSeller',
  },
  sellerNotificationsReadAll: {
    method: 'post',
    path: '/api/seller/notifications/read-all',
    auth: 'approvedSeller',
  },
  sellerNotificationSettings: {
    method: 'get',
    path: '/api/seller/notifications/settings',
    auth: 'approvedSeller',
  },
  updateSellerNotificationSettings: {
    method: 'put',
    path: '/api/seller/notifications/settings',
    auth: 'approvedSeller',
  },
  sellerTaxProfile: { method: 'get', path: '/api/seller/tax-profile', auth: 'approvedSeller' },
  updateSellerTaxProfile: { method: 'put', path: '/api/seller/tax-profile', auth: 'approvedSeller' },
  sellerDocuments: { method: 'get', path: '/api/seller/documents', auth: 'approvedSeller' },
  sellerTaxStatement: { method: 'get', path: '/api/seller/tax-statement', auth: 'approvedSeller' },
  sellerTaxStatementCsv: { method: 'get', path: '/api/seller/tax-statement.csv', auth: 'approvedSeller' },
  orderDocuments: { method: 'get', path: '/api/shop/order/:orderId/documents', auth: 'session' },
  documentPdf: { method: 'get', path: '/api/documents/:documentId.pdf', auth: 'session' },
  adminTaxProfiles: { method: 'get', path: '/api/admin/tax-profiles', auth: 'admin' },
  adminSellerTaxProfile: { method: 'get', path: '/api/admin/sellers/:sellerId/tax-profile', auth: 'admin' },
  adminUpdateSellerTaxProfile: {
    method: 'put',
    path: '/api/admin/sellers/:sellerId/tax-profile',
    auth: 'admin',
  },
  adminDocuments: { method: 'get', path: '/api/admin/documents', auth: 'admin' },
  adminTcsReport: { method: 'get', path: '/api/admin/reports/tcs', auth: 'admin' },
  adminIssueCommissionInvoices: { method: 'post', path: '/api/admin/tax/commission-invoices', auth: 'admin' },
  // coupons (docs/money.md, "Coupons")
  adminCreateCoupon: { method: 'post', path: '/api/admin/coupons', auth: 'admin' },
  adminListCoupons: { method: 'get', path: '/api/admin/coupons', auth: 'admin' },
  adminUpdateCoupon: { method: 'put', path: '/api/admin/coupons/:id', auth: 'admin' },
  sellerCreateCoupon: { method: 'post', path: '/api/seller/coupons', auth: 'approvedSeller' },
  sellerListCoupons: { method: 'get', path: '/api/seller/coupons', auth: 'approvedSeller' },
  sellerUpdateCoupon: { method: 'put', path: '/api/seller/coupons/:id', auth: 'approvedSeller' },
  applyCoupon: { method: 'post', path: '/api/shop/cart/coupon', auth: 'session' },
  removeCoupon: { method: 'delete', path: '/api/shop/cart/coupon/:code', auth: 'session' },
  shopOffers: { method: 'get', path: '/api/shop/offers', auth: 'none' },
} as const satisfies Record<string, RouteDef>;

/** The parameter names of an Express-style path: `'/a/:x/b/:y'` → `'x' | 'y'`. */
type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;
/** The values a path needs, by name (none: an empty object). */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string };

/** Fills an Express-style path with values (encoded). */
export function pathOf(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
