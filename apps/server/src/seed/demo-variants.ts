/**
 * Demo variants (docs/orders-and-stock.md, "Variants"): sizes on clothing (S, M, L, XL; XL dearer) and shoes
 * (UK 6–10), colours on phones. The Classic Polo Shirt's L is out of stock, so the product page shows a disabled
 * size. Runs inside the seed's transaction after the products (each made with its default variant).
 */
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { productVariants, products } from '../db/schema';

const CLOTHING = ['men', 'women', 'kids', 'fashion'];
const OPTIONS: Record<string, { name: string; values: string[] }> = {
  clothing: { name: 'Size', values: ['S', 'M', 'L', 'XL'] },
  footwear: { name: 'Size', values: ['UK 6', 'UK 7', 'UK 8', 'UK 9', 'UK 10'] },
  mobile: { name: 'Colour', values: ['Black', 'Blue', 'White'] },
};
/** the one size sold out in the demo */
const SOLD_OUT = { title: 'Classic Polo Shirt', value: 'L' };

type SeededProduct = {
  id: string;
  title: string;
  category: string;
  sellerId: string | null;
  pricePaise: number;
  salePricePaise: number | null;
  discount: number;
  totalStock: number;
};

const kindOf = (category: string) =>
  CLOTHING.includes(category) ? 'clothing' : category in OPTIONS ? category : null;

/** XL costs a tenth more: cards show a price range. */
const dearer = (paise: number, value: string) => (value === 'XL' ? Math.round(paise * 1.1) : paise);

function variantsOf(p: SeededProduct, option: { values: string[] }, code: string) {
  return option.values.map((value, position) => ({
    productId: p.id,
    sellerId: p.sellerId,
    sku: `${code}-${value.replace(/\s+/g, '')}`,
    optionValues: [value],
    pricePaise: dearer(p.pricePaise, value),
    salePricePaise: p.salePricePaise ? dearer(p.salePricePaise, value) : null,
    discount: p.discount,
    stock:
      p.title === SOLD_OUT.title && value === SOLD_OUT.value
        ? 0
        : Math.max(1, Math.round(p.totalStock / option.values.length)),
    position,
  }));
}

export async function seedDemoVariants(tx: DbOrTx, seeded: SeededProduct[]): Promise<void> {
  const chosen = seeded.filter((p) => kindOf(p.category));
  for (const [i, p] of chosen.entries()) {
    const option = OPTIONS[kindOf(p.category)!]!;
    await tx
      .update(products)
      .set({ options: [option] })
      .where(sql`${products.id} = ${p.id}`);
    const defaults = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(sql`${productVariants.productId} = ${p.id}`);
    await tx.insert(productVariants).values(variantsOf(p, option, `DEMO-${i + 1}`));
    await tx.delete(productVariants).where(
      inArray(
        productVariants.id,
        defaults.map((d) => d.id),
      ),
    );
  }
}
