import { and, eq, isNull, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { cartItems, orders, products } from '../../src/db/schema';
import { productColumns } from '../../src/modules/catalog/products/product.mapper';
const db = drizzle.mock();
const build = () => {
  db.select(productColumns).from(products).where(and(eq(products.id, 'x'), isNull(products.deletedAt))).toSQL();
  db.update(orders).set({ paymentStatus: 'paid', updatedAt: sql`now()` }).where(eq(orders.id, 'x')).returning().toSQL();
  db.insert(cartItems).values({ cartId: 'a', productId: 'b', quantity: 1 }).onConflictDoUpdate({ target: [cartItems.cartId, cartItems.productId], set: { quantity: sql`${cartItems.quantity} + 1` } }).toSQL();
};
for (let r = 0; r < 5; r++) {
  const t = performance.now();
  for (let i = 0; i < 5000; i++) build();
  console.log(((performance.now() - t) / 5000 * 1000).toFixed(1), 'µs per 3 queries');
}
