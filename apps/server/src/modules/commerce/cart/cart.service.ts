import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  LIMITS,
  MESSAGES,
  computeTotals,
  toRupees,
  type CartAddInput,
  type CartLineDto,
  type CartLineProblem,
  type CartUpdateInput,
  type CartViewDto,
  variantLabel,
} from '@mp/shared';
import type { DbOrTx } from '../../../db/client';
import { cartCoupons, cartItems, carts, productVariants, products, sellers, users } from '../../../db/schema';
import { AppError, badRequest, notFound } from '../../../lib/errors';

/** The ids of the codes applied to the user's cart, oldest first, as a column of a cart statement (docs/money.md). */
export const codesOf = (userId: string) => sql<
  string[]
>`(select coalesce(json_agg(${cartCoupons.couponId} order by ${cartCoupons.createdAt}), '[]'::json)
  from ${cartCoupons} where ${cartCoupons.userId} = ${userId})`;

/**
 * The user's cart id and the codes applied to it (one statement), creating the cart on first use (one cart per
 * user, safe under concurrency). 404 when there is no such user (an admin reading a path userId), instead of a
 * foreign-key failure.
 */
async function cartAndCodes(db: DbOrTx, userId: string): Promise<{ cartId: string; couponIds: string[] }> {
  const read = () =>
    db
      .select({ cartId: carts.id, couponIds: codesOf(userId) })
      .from(users)
      .leftJoin(carts, eq(carts.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1);
  let [row] = await read();
  if (!row) throw notFound('User');
  if (row.cartId) return { cartId: row.cartId, couponIds: row.couponIds };
  await db.insert(carts).values({ userId }).onConflictDoNothing({ target: carts.userId });
  [row] = await read();
  return { cartId: row!.cartId!, couponIds: row!.couponIds };
}

/** The user's cart id, creating the cart on first use (404 when there is no such user). */
export const ensureCartId = async (db: DbOrTx, userId: string): Promise<string> =>
  (await cartAndCodes(db, userId)).cartId;

/** A cart answer with the ids of the codes applied to it, read in the cart's own statements. */
export interface CartRead {
  cart: CartViewDto;
  couponIds: string[];
}

export interface CartLineRow {
  productId: string;
  variantId: string;
  optionValues: string[];
  options: { name: string }[];
  quantity: number;
  title: string;
  image: string;
  pricePaise: number;
  salePricePaise: number | null;
  discount: number;
  totalStock: number;
  sellerId: string | null;
  deletedAt: Date | null;
}

/** What a cart line reads of its variant and product: the variant's prices, stock and picture. */
const lineColumns = {
  productId: products.id,
  variantId: productVariants.id,
  optionValues: productVariants.optionValues,
  options: products.options,
  title: products.title,
  image: sql<string>`coalesce(${productVariants.images}[1], ${products.image})`,
  pricePaise: productVariants.pricePaise,
  salePricePaise: productVariants.salePricePaise,
  discount: productVariants.discount,
  totalStock: productVariants.stock,
  sellerId: products.sellerId,
  deletedAt: sql<Date | null>`coalesce(${products.deletedAt}, ${productVariants.deletedAt})`,
};

/** Every line of the user's cart with its variant as it is now (deleted products and variants included). */
export async function loadCartLines(db: DbOrTx, cartId: string): Promise<CartLineRow[]> {
  return db
    .select({ quantity: cartItems.quantity, ...lineColumns })
    .from(cartItems)
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.productId), asc(cartItems.variantId));
}

export interface BuyNowItem {
  productId: string;
  variantId?: string | undefined;
  quantity: number;
}

const VARIANT_REQUIRED = (title: string) =>
  new AppError(400, 'VARIANT_REQUIRED', `Choose the options of ${title} first`);

/**
 * The variant a shopper means (docs/orders-and-stock.md, "Variants"): the one named, which must be the product's;
 * without one, the default variant of a product without options, or 400 VARIANT_REQUIRED for one with options.
 * A variant removed since reads as a deleted line.
 */
function variantChosen(productId: string, variantId: string | undefined): SQL {
  return variantId
    ? and(eq(productVariants.id, variantId), eq(productVariants.productId, productId))!
    : and(
        eq(productVariants.productId, productId),
        sql`${productVariants.optionValues} = '{}'::text[]`,
        isNull(productVariants.deletedAt),
      )!;
}

/** Answers why no variant was found: the product has options (VARIANT_REQUIRED) or no such product (404). */
async function noVariant(db: DbOrTx, item: { productId: string; variantId?: string | undefined }) {
  if (item.variantId) return notFound('Product');
  const [p] = await db
    .select({ title: products.title })
    .from(products)
    .where(eq(products.id, item.productId))
    .limit(1);
  return p ? VARIANT_REQUIRED(p.title) : notFound('Product');
}

/**
 * Buy now: the one variant and quantity as a cart line would read it, without touching the cart
 * (docs/orders-and-stock.md). An unknown product is 404; a deleted one reads as a line with the 'deleted' problem.
 */
export async function loadBuyNowLine(db: DbOrTx, item: BuyNowItem): Promise<CartLineRow[]> {
  const [p] = await db
    .select(lineColumns)
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(variantChosen(item.productId, item.variantId))
    .limit(1);
  if (!p) throw await noVariant(db, item);
  return [{ ...p, quantity: item.quantity }];
}

export function lineProblem(
  line: Pick<CartLineRow, 'deletedAt' | 'totalStock' | 'quantity'>,
): CartLineProblem | null {
  if (line.deletedAt) return 'deleted';
  if (line.totalStock <= 0) return 'outOfStock';
  if (line.totalStock < line.quantity) return 'insufficientStock';
  return null;
}

export function toCartLineDto(line: CartLineRow): CartLineDto {
  const problem = lineProblem(line);
  return {
    productId: line.productId,
    variantId: line.variantId,
    variantLabel: variantLabel(line.options, line.optionValues),
    title: line.title,
    image: line.image,
    salePrice: line.salePricePaise == null ? null : toRupees(line.salePricePaise),
    price: toRupees(line.pricePaise),
    discount: line.discount,
    quantity: line.quantity,
    totalStock: line.totalStock,
    sellerId: line.sellerId,
    available: problem === null,
    unavailableReason: problem,
  };
}

export function toCartView(cartId: string, userId: string, lines: CartLineRow[]): CartViewDto {
  const items = lines.map(toCartLineDto);
  return {
    _id: cartId,
    userId,
    items,
    totals: computeTotals(items.filter((i) => i.available)),
  };
}

/** 403 OWN_PRODUCT: a seller cannot buy its own products (docs/orders-and-stock.md). */
export const ownProduct = (title: string) =>
  new AppError(403, 'OWN_PRODUCT', `${title} is your own product: sellers cannot buy their own products.`);

/** 409 naming the stock left when the wanted quantity is more than the stock (docs/web.md, "Cart quantities"). */
export function stockConflict(title: string, stock: number): AppError {
  return new AppError(
    409,
    'OUT_OF_STOCK',
    stock <= 0 ? `${title} is out of stock` : MESSAGES.onlyLeft(stock),
  );
}

/** The user's cart and the codes on it: two statements. */
export async function getCart(db: DbOrTx, userId: string): Promise<CartRead> {
  const { cartId, couponIds } = await cartAndCodes(db, userId);
  return { cart: toCartView(cartId, userId, await loadCartLines(db, cartId)), couponIds };
}

/**
 * Adds the variant, or increases the quantity of its line already in the cart. Three statements: the variant with
 * its product and the shopper's cart, line and codes read together, the upsert, the cart view
 * (docs/search-and-listing.md, "Session path"). Answers the cart and the ids of its codes.
 */
export async function addToCart(db: DbOrTx, userId: string, input: CartAddInput): Promise<CartRead> {
  const [variant] = await db
    .select({
      id: productVariants.id,
      title: products.title,
      stock: productVariants.stock,
      deletedAt: sql<Date | null>`coalesce(${products.deletedAt}, ${productVariants.deletedAt})`,
      sellerUserId: sellers.userId,
      cartId: sql<string | null>`(select ${carts.id} from ${carts} where ${carts.userId} = ${userId})`,
      inCart: sql<number | null>`(select ${cartItems.quantity} from ${cartItems}
        join ${carts} on ${carts.id} = ${cartItems.cartId}
        where ${carts.userId} = ${userId} and ${cartItems.variantId} = ${productVariants.id})`,
      // the codes in the cart, read here so the answer's coupon view costs no statement of its own
      couponIds: codesOf(userId),
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(sellers, eq(sellers.id, products.sellerId))
    .where(variantChosen(input.productId, input.variantId))
    .limit(1);
  if (!variant) throw await noVariant(db, input);
  if (variant.deletedAt) throw notFound('Product');
  // checkout refuses it too; saying so here saves the seller a cart it cannot order (docs/orders-and-stock.md)
  if (variant.sellerUserId === userId) throw ownProduct(variant.title);
  const cartId = variant.cartId ?? (await ensureCartId(db, userId));
  const wanted = Number(variant.inCart ?? 0) + input.quantity;
  if (wanted > variant.stock) throw stockConflict(variant.title, variant.stock);
  if (wanted > LIMITS.cartQuantityMax) {
    throw badRequest(`Quantity must be at most ${LIMITS.cartQuantityMax}`);
  }
  // the limit is checked again inside the upsert, so adds racing each other cannot pass it together
  const written = await db
    .insert(cartItems)
    .values({ cartId, productId: input.productId, variantId: variant.id, quantity: input.quantity })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.variantId],
      set: { quantity: sql`${cartItems.quantity} + excluded.quantity`, updatedAt: sql`now()` },
      setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${LIMITS.cartQuantityMax}`,
    })
    .returning({ id: cartItems.id });
  if (written.length === 0) throw badRequest(`Quantity must be at most ${LIMITS.cartQuantityMax}`);
  return { cart: toCartView(cartId, userId, await loadCartLines(db, cartId)), couponIds: variant.couponIds };
}

/** A line of the cart: the variant's, or (no variant named) the product's first line. */
const lineOf = (cartId: string, productId: string, variantId: string | undefined) =>
  and(
    eq(cartItems.cartId, cartId),
    eq(cartItems.productId, productId),
    variantId ? eq(cartItems.variantId, variantId) : undefined,
  );

/** Sets the quantity of a line already in the cart. */
export async function updateCartItem(db: DbOrTx, userId: string, input: CartUpdateInput): Promise<CartRead> {
  const { cartId, couponIds } = await cartAndCodes(db, userId);
  const [line] = await db
    .select({
      id: cartItems.id,
      title: products.title,
      totalStock: productVariants.stock,
      deletedAt: sql<Date | null>`coalesce(${products.deletedAt}, ${productVariants.deletedAt})`,
    })
    .from(cartItems)
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(lineOf(cartId, input.productId, input.variantId))
    .orderBy(asc(cartItems.createdAt))
    .limit(1);
  if (!line) throw notFound('Cart item');
  if (line.deletedAt) throw new AppError(409, 'OUT_OF_STOCK', `${line.title} is no longer available`);
  if (input.quantity > line.totalStock) throw stockConflict(line.title, line.totalStock);
  await db
    .update(cartItems)
    .set({ quantity: input.quantity, updatedAt: sql`now()` })
    .where(eq(cartItems.id, line.id));
  return { cart: toCartView(cartId, userId, await loadCartLines(db, cartId)), couponIds };
}

/** Removes a line: `id` is a variant's (that line) or a product's (every line of it). */
export async function removeCartItem(db: DbOrTx, userId: string, id: string): Promise<CartRead> {
  const { cartId, couponIds } = await cartAndCodes(db, userId);
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.cartId, cartId), or(eq(cartItems.productId, id), eq(cartItems.variantId, id))))
    .returning({ id: cartItems.id });
  if (removed.length === 0) throw notFound('Cart item');
  return { cart: toCartView(cartId, userId, await loadCartLines(db, cartId)), couponIds };
}

/**
 * Placing an order takes its lines out of the cart's way: each ordered quantity is subtracted from the cart line
 * (the line goes when nothing is left), so lines added later stay in the cart (docs/orders-and-stock.md).
 */
export async function takeOutOfCart(
  tx: DbOrTx,
  cartId: string,
  lines: { variantId: string | null; quantity: number }[],
): Promise<void> {
  const taken = lines.filter((l): l is { variantId: string; quantity: number } => l.variantId !== null);
  if (!taken.length) return;
  // one statement for every line: lines holding no more than was ordered go, the others shrink
  const ids = `{${taken.map((l) => l.variantId).join(',')}}`;
  const quantities = `{${taken.map((l) => l.quantity).join(',')}}`;
  await tx.execute(sql`
    with ordered as (
      select variant_id, sum(quantity)::int as quantity
      from unnest(${ids}::uuid[], ${quantities}::int[]) as o(variant_id, quantity) group by variant_id),
    gone as (
      delete from ${cartItems} c using ordered o
      where c.cart_id = ${cartId} and c.variant_id = o.variant_id and c.quantity <= o.quantity)
    update ${cartItems} c set quantity = c.quantity - o.quantity, updated_at = now()
    from ordered o
    where c.cart_id = ${cartId} and c.variant_id = o.variant_id and c.quantity > o.quantity`);
}

/** An unpaid order that ends (cancelled, expired, replaced, failed) puts its lines back in the shopper's cart. */
export async function putBackInCart(
  tx: DbOrTx,
  cartId: string,
  lines: { productId: string | null; variantId: string | null; quantity: number }[],
): Promise<void> {
  for (const l of lines) {
    if (!l.productId || !l.variantId) continue;
    const quantity = Math.min(l.quantity, LIMITS.cartQuantityMax);
    await tx
      .insert(cartItems)
      .values({ cartId, productId: l.productId, variantId: l.variantId, quantity })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.variantId],
        set: {
          quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${LIMITS.cartQuantityMax})`,
          updatedAt: sql`now()`,
        },
      });
  }
}
