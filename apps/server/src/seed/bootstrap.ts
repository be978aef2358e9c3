/**
 * Start-up data: the admin from ADMIN_EMAIL/ADMIN_PASSWORD, and demo data on an empty database (not in production).
 * src/index.ts runs it under the start-up advisory lock (docs/operations.md), and every step is idempotent, so
 * instances starting together on one database create each thing once.
 */
import { insertCoupon } from '../modules/commerce/coupons/coupon.repository';
import { count, eq, sql } from 'drizzle-orm';
import { brandLabel, CATEGORY_TAX_DEFAULTS, packageFor, storeSlug, toPaise } from '@mp/shared';
import type { AppDeps } from '../context';
import { storeImage } from '../lib/images';
import {
  banners,
  deliveryHolidays,
  categoryReturnPolicies,
  products,
  reviews,
  sellers,
  sellerTaxProfiles,
  users,
} from '../db/schema';
import { createPasswordHasher } from '../modules/auth/passwords';
import { bannerSvg, PRODUCT_VIEWS, productSvg, storeLogoSvg } from './images';
import { DEMO_BANNERS, DEMO_PASSWORD, DEMO_PRODUCTS, DEMO_REVIEWS, DEMO_USERS } from './demo-data';
import { seedDemoVariants } from './demo-variants';
import { seedDemoReturn } from './demo-return';

export async function bootstrapData(
  deps: Pick<AppDeps, 'config' | 'db' | 'logger' | 'storage'>,
): Promise<void> {
  const { config, db, logger } = deps;
  const [{ n: userCount } = { n: 0 }] = await db.select({ n: count() }).from(users);

  if (config.admin) {
    const [existingAdmin] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'))
      .limit(1);
    if (!existingAdmin) {
      const created = await db
        .insert(users)
        .values({
          username: 'Admin',
          fullName: 'Admin',
          email: config.admin.email.toLowerCase(),
          passwordHash: await createPasswordHasher({ memoryKib: config.passwordHashMemoryKib }).hash(
            config.admin.password,
          ),
          role: 'admin',
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (created.length)
        logger.info({ email: config.admin.email }, 'created the admin account from ADMIN_EMAIL');
    }
  }

  if (config.seedDemo && !config.isProduction && userCount === 0) {
    await seedDemo(deps);
    logger.info({ products: DEMO_PRODUCTS.length }, 'loaded demo data');
  }
}

/** Demo pictures go through the image pipeline and the configured storage, like any upload (docs/images.md). */
const saveImage = (storage: AppDeps['storage'], svg: string) =>
  storeImage(storage, { buffer: Buffer.from(svg) }, { folder: 'demo' }).then((f) => f.url);

/** the demo seller document is a document, not a product picture: stored as drawn */
const saveSvg = (storage: AppDeps['storage'], svg: string) =>
  storage
    .save({ buffer: Buffer.from(svg), ext: 'svg', mime: 'image/svg+xml', folder: 'demo' })
    .then((f) => f.url);

export async function seedDemo({
  config,
  db,
  storage,
}: Pick<AppDeps, 'config' | 'db' | 'storage'>): Promise<void> {
  const hasher = createPasswordHasher({ memoryKib: config.passwordHashMemoryKib });
  const hash = (p: string) => hasher.hash(p);
  // every fourth demo product has a side and a detail view too, so product pages show a gallery
  const productImages = await Promise.all(
    DEMO_PRODUCTS.map((p, i) =>
      Promise.all(
        (i % 4 === 0 ? PRODUCT_VIEWS : PRODUCT_VIEWS.slice(0, 1)).map((view) =>
          saveImage(
            storage,
            productSvg({ title: p.title, category: p.category, brandLabel: brandLabel(p.brand), view }),
          ),
        ),
      ),
    ),
  );
  const documentImage = await saveSvg(
    storage,
    bannerSvg({ heading: 'Business document', sub: 'Demo upload', seed: 'doc' }),
  );
  // the banners' message is text over the picture (never baked in, so no crop cuts it)
  const bannerImages = await Promise.all(
    DEMO_BANNERS.map((b) => saveImage(storage, bannerSvg(b, { textless: true }))),
  );

  // each demo store's page has a logo and a banner (docs/seo-and-email.md, "Store pages")
  const storeImages = await Promise.all(
    DEMO_USERS.sellers.map(async (s) => ({
      logo: await saveImage(storage, storeLogoSvg(s.storename)),
      banner: await saveImage(
        storage,
        bannerSvg({ heading: s.storename, sub: '', seed: `store-${s.storename}` }, { textless: true }),
      ),
    })),
  );

  await db.transaction(async (tx) => {
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
    if (!admin) {
      await tx.insert(users).values({
        ...DEMO_USERS.admin,
        fullName: DEMO_USERS.admin.username,
        passwordHash: await hash(DEMO_PASSWORD.admin),
        role: 'admin',
      });
    }
    const shopperHash = await hash(DEMO_PASSWORD.shopper);
    const reviewers = await tx
      .insert(users)
      .values([
        {
          ...DEMO_USERS.shopper,
          fullName: DEMO_USERS.shopper.username,
          phone: '9876543210',
          passwordHash: shopperHash,
        },
        { username: 'Anita Rao', email: 'anita@haat.test', fullName: 'Anita Rao', passwordHash: shopperHash },
        {
          username: 'Karan Mehta',
          email: 'karan@haat.test',
          fullName: 'Karan Mehta',
          passwordHash: shopperHash,
        },
      ])
      .returning({ id: users.id, username: users.username });

    const sellerHash = await hash(DEMO_PASSWORD.seller);
    const sellerIds: string[] = [];
    for (const [i, s] of DEMO_USERS.sellers.entries()) {
      const [u] = await tx
        .insert(users)
        .values({
          username: s.username,
          email: s.email,
          fullName: s.username,
          phone: `98100000${i}${i}`,
          passwordHash: sellerHash,
          role: 'seller',
        })
        .returning({ id: users.id });
      const [seller] = await tx
        .insert(sellers)
        .values({
          userId: u!.id,
          storename: s.storename,
          slug: storeSlug(s.storename),
          ...storeImages[i]!,
          businesstype: i === 1 ? 'Company' : 'Individual',
          gstno: i === 1 ? '27ABCDE1234F1Z0' : i === 0 ? '29AAGCB7383J1Z4' : null,
          document: documentImage,
          address: `${12 + i} MG Road, Bengaluru`,
          // pickup for the courier (docs/delivery.md): Ravi ships from Delhi, Meera from Mumbai
          pickupAddress: `${12 + i} ${i === 0 ? 'Nehru Place, New Delhi' : 'Linking Road, Mumbai'}`,
          pickupPincode: i === 0 ? '110002' : i === 1 ? '400003' : null,
          dispatchDays: 1,
          dispatchCutoff: '14:00',
          bankaccount: `1234567890${i}`,
          ifsccode: 'HDFC0001234',
          approvalstatus: s.status,
          isapproved: s.status === 'approved',
        })
        .returning({ id: sellers.id });
      sellerIds.push(seller!.id);
    }
    // the approved sellers' GST registrations (docs/tax.md): Ravi in Karnataka, Meera in Maharashtra
    await tx.insert(sellerTaxProfiles).values([
      {
        sellerId: sellerIds[0]!,
        legalName: 'Ravi Electronics Private Limited',
        gstin: '29AAGCB7383J1Z4',
        state: 'Karnataka',
        address: '12 MG Road, Bengaluru 560001',
      },
      {
        sellerId: sellerIds[1]!,
        legalName: 'Meera Fashion House LLP',
        gstin: '27ABCDE1234F1Z0',
        state: 'Maharashtra',
        address: '7 Linking Road, Mumbai 400050',
      },
    ]);
    // the admin's delivery holidays (docs/delivery.md): promised dates skip them; edited on Admin → Delivery
    await tx
      .insert(deliveryHolidays)
      .values([
        { day: '2026-12-25', name: 'Christmas' },
        { day: '2027-01-26', name: 'Republic Day' },
      ])
      .onConflictDoNothing();

    const ownerFor = (category: string, index: number): string | null => {
      if (['mobile', 'electronics', 'appliances'].includes(category))
        return index % 4 === 3 ? null : sellerIds[0]!;
      if (['women', 'fashion', 'kids'].includes(category)) return index % 4 === 3 ? null : sellerIds[1]!;
      return null;
    };

    const rows = DEMO_PRODUCTS.map((p, i) => {
      return {
        title: p.title,
        description: p.description,
        category: p.category,
        brand: p.brand,
        pricePaise: toPaise(p.price),
        salePricePaise: p.salePrice != null ? toPaise(p.salePrice) : null,
        discount: p.discount,
        totalStock: p.totalStock,
        image: productImages[i]![0]!,
        images: productImages[i]!,
        sellerId: ownerFor(p.category, i % 8),
        // every fourth product carries its own packed weight; the others ship as their category's default
        ...(i % 4 === 0
          ? { ...packageFor(p.category, null), weightGrams: packageFor(p.category, null).weightGrams + 150 }
          : {}),
        unitsSold: (i * 37) % 400,
        ...CATEGORY_TAX_DEFAULTS[p.category as keyof typeof CATEGORY_TAX_DEFAULTS],
      };
    });
    const inserted = await tx.insert(products).values(rows).returning({ id: products.id });
    await seedDemoVariants(
      tx,
      inserted.map((p, i) => ({ ...rows[i]!, id: p.id })),
    );

    const reviewRows = inserted.flatMap((p, i) =>
      reviewers.slice(0, i % 4).map((u, j) => {
        const r = DEMO_REVIEWS[(i + j) % DEMO_REVIEWS.length]!;
        return {
          productId: p.id,
          userId: u.id,
          username: u.username,
          reviewMessage: r.text,
          reviewVal: r.rating,
        };
      }),
    );
    if (reviewRows.length) await tx.insert(reviews).values(reviewRows);
    await tx.execute(sql`
      update products p set rating_sum = s.total, review_count = s.n
      from (select product_id, sum(review_val)::int as total, count(*)::int as n from reviews group by product_id) s
      where s.product_id = p.id`);

    await tx.insert(banners).values(
      DEMO_BANNERS.map((b, i) => ({
        image: bannerImages[i]!,
        title: b.heading,
        subtitle: b.sub,
        ctaLabel: b.ctaLabel,
        ctaLink: b.ctaLink,
      })),
    );
    // a delivered order with one unit asked back, waiting for Meera's decision (docs/returns.md)
    const returnable = rows.findIndex((r) => r.category === 'women' && r.sellerId === sellerIds[1]);
    if (returnable >= 0)
      await seedDemoReturn(tx, {
        shopperId: reviewers[0]!.id,
        buyerName: reviewers[0]!.username,
        sellerId: sellerIds[1]!,
        product: {
          id: inserted[returnable]!.id,
          title: rows[returnable]!.title,
          image: rows[returnable]!.image,
          pricePaise: rows[returnable]!.salePricePaise ?? rows[returnable]!.pricePaise,
        },
      });
    // return policies (docs/money.md, "Return window"): the others keep the default 7 days
    await tx
      .insert(categoryReturnPolicies)
      .values([
        { category: 'fashion', windowDays: 10 },
        { category: 'mobile', windowDays: null },
        { category: 'appliances', windowDays: null },
      ])
      .onConflictDoNothing();
    // coupons (docs/money.md, "Coupons"): the platform's welcome offer, Meera's own code on her products and Ravi's
    // free delivery on his
    const window = {
      startsAt: new Date('2026-01-01T00:00:00+05:30'),
      endsAt: new Date('2027-12-31T18:30:00Z'),
    };
    await insertCoupon(
      tx,
      {
        ...window,
        code: 'WELCOME10',
        label: '10% off your order with WELCOME10',
        funder: 'platform',
        kind: 'percent',
        percent: 10,
        maxDiscountPaise: 20_000,
        minOrderPaise: 49_900,
        usesPerShopper: 1,
      },
      [],
    );
    await insertCoupon(
      tx,
      {
        ...window,
        code: 'MEERA100',
        label: '₹100 off Meera Fashion',
        funder: 'seller',
        sellerId: sellerIds[1]!,
        kind: 'fixed',
        amountPaise: 10_000,
        minOrderPaise: 99_900,
        usesPerShopper: 3,
      },
      [],
    );
    // Ravi's free delivery: his parcel ships free and he pays its shipping when delivered
    await insertCoupon(
      tx,
      {
        ...window,
        code: 'RAVISHIP',
        label: 'Free delivery from Ravi Electronics',
        funder: 'seller',
        sellerId: sellerIds[0]!,
        kind: 'free_delivery',
        usesPerShopper: 5,
      },
      [],
    );
  });
}
