import { z } from 'zod';
import { CATEGORY_ALIASES, CATEGORY_IDS, LIMITS, SORT_IDS } from './constants';
import { brandIdSchema, brandLabelSchema } from './brand';
import { emptyToUndefined, imageUrlSchema, text, uuidOf } from './api';
import { imageVariantSchema } from './image-schemas';
import { gstRateSchema, hsnSchema } from './tax';
import { packageInputShape } from './delivery';
import { responsiveImage } from './images';
import {
  discountField,
  optionsAndVariantsIssues,
  priceField,
  productOptionSchema,
  salePriceField,
  stockField,
  variantDtoSchema,
  variantInputSchema,
  type VariantInput,
} from './variants';

const normaliseCategory = (v: unknown) =>
  typeof v === 'string' ? (CATEGORY_ALIASES[v.trim().toLowerCase()] ?? v.trim().toLowerCase()) : v;

export const categorySchema = z.preprocess(
  normaliseCategory,
  z.enum(CATEGORY_IDS, { message: `Category must be one of: ${CATEGORY_IDS.join(', ')}` }),
);
/** A brand filter value: a brand's slug (an unknown one matches nothing). */
export const brandSchema = brandIdSchema;

/** Product add/edit (admin and seller). Numbers may arrive as strings from forms. */
export const productInputSchema = z
  .object({
    title: text('Title', 200),
    description: text('Description', 5000),
    category: categorySchema,
    /**
     * A brand's slug or its name in any spelling; a name no brand has proposes a new brand, and the product waits
     * for the admin to accept it (docs/search-and-listing.md, "Brands").
     */
    brand: brandLabelSchema,
    /** the default variant's price; with `variants`, unused (each variant has its own) */
    price: z.preprocess(emptyToUndefined, priceField.optional()),
    salePrice: salePriceField,
    /** the default variant's discount, and that of a variant that names none */
    discount: z.preprocess(emptyToUndefined, discountField.default(0)),
    /** the default variant's stock; with `variants`, unused */
    totalStock: z.preprocess(emptyToUndefined, stockField().optional()),
    /** up to LIMITS.productOptionsMax options (Size, Colour…); none: one default variant */
    options: z
      .array(productOptionSchema, { message: 'Options must be a list' })
      .max(LIMITS.productOptionsMax, `A product has at most ${LIMITS.productOptionsMax} options`)
      .default([]),
    /**
     * The variants sold, one per combination of option values; absent: price, salePrice, discount and totalStock
     * make the one default variant. On edit the list replaces the product's variants (matched by id, then SKU,
     * then option values).
     */
    variants: z
      .array(variantInputSchema, { message: 'Variants must be a list' })
      .min(1, 'Add at least one variant')
      .max(LIMITS.productVariantsMax, `A product has at most ${LIMITS.productVariantsMax} variants`)
      .optional(),
    /** the first picture; older callers send only this (docs/images.md, "Several images per product") */
    image: imageUrlSchema.optional(),
    /** every picture in the order shown, the first being `image`; replaces the list on edit */
    images: z
      .array(imageUrlSchema, { message: 'Images must be a list of image URLs' })
      .min(1, 'Add at least one image')
      .max(LIMITS.productImagesMax, `A product has at most ${LIMITS.productImagesMax} images`)
      .refine((list) => new Set(list).size === list.length, 'Each image may appear only once')
      .optional(),
    /**
     * Edits only: the stock figure the form was loaded with. The server changes stock only when it still is that
     * figure (else 409 STALE_STOCK with the current one) and leaves it alone when totalStock equals it or when
     * stockLoaded is not sent (docs/orders-and-stock.md).
     */
    /** HSN code and GST rate (docs/tax.md); left out on a new product: the category's */
    hsn: z.preprocess(emptyToUndefined, hsnSchema.optional()),
    gstRate: z.preprocess(emptyToUndefined, gstRateSchema.optional()),
    /** the packed weight (g) and box (cm), optional: without them the category's (docs/delivery.md) */
    ...packageInputShape,
    stockLoaded: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ message: 'Loaded stock must be a number' })
        .int('Loaded stock must be a whole number')
        .min(0, 'Loaded stock cannot be negative')
        .max(1_000_000, 'Loaded stock is too large')
        .optional(),
    ),
  })
  .refine((p) => p.variants != null || p.price != null, { message: 'Price is required', path: ['price'] })
  .refine((p) => p.variants != null || p.totalStock != null, {
    message: 'Stock is required',
    path: ['totalStock'],
  })
  .refine((p) => p.salePrice == null || p.price == null || p.salePrice <= p.price, {
    message: 'Sale price cannot be above the price',
    path: ['salePrice'],
  })
  .superRefine((p, ctx) => {
    for (const issue of optionsAndVariantsIssues(p)) ctx.addIssue({ code: 'custom', ...issue });
  })
  // checked even when other fields are wrong, so an empty form names every missing field at once
  .refine((p) => p.image != null || p.images != null, {
    message: 'Image is required',
    path: ['image'],
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  })
  .refine((p) => p.image == null || p.images == null || p.images[0] === p.image, {
    message: 'Image must be the first of the images',
    path: ['image'],
  });
export type ProductInput = z.infer<typeof productInputSchema>;

/**
 * The variants a product input asks for: its `variants`, or the default variant its own price, sale price,
 * discount and stock make. A variant without a discount takes the product's.
 */
export function productVariantsOf(input: ProductInput): (VariantInput & { discount: number })[] {
  const variants = input.variants ?? [
    {
      optionValues: [],
      price: input.price!,
      salePrice: input.salePrice,
      discount: input.discount,
      stock: input.totalStock!,
      stockLoaded: input.stockLoaded,
    },
  ];
  return variants.map((v) => ({ ...v, discount: v.discount ?? input.discount }));
}

/** The ordered pictures of a product input: `images`, or the single `image` of an older caller. */
export const productImagesOf = (input: Pick<ProductInput, 'image' | 'images'>): string[] =>
  input.images ?? (input.image != null ? [input.image] : []);

/** One picture of a product with what a browser needs to show it responsively (`responsiveImage`). */
export const productImageSchema = z
  .object({
    url: z.string(),
    width: z.number().int().positive().nullable(),
    height: z.number().int().positive().nullable(),
    variants: z.array(imageVariantSchema),
  })
  .meta({
    id: 'ProductImage',
    description: 'A product picture; width, height and variants are null/empty for plain URLs',
  });
export type ProductImage = z.infer<typeof productImageSchema>;

export function toProductImage(url: string): ProductImage {
  const r = responsiveImage(url);
  return { url, width: r.width ?? null, height: r.height ?? null, variants: r.variants };
}

export const productDtoSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    description: z.string(),
    category: z.string(),
    brand: z.string(),
    price: z.number(),
    salePrice: z.number().nullable(),
    discount: z.number(),
    totalStock: z.number(),
    /** the first of `images` */
    image: z.string(),
    images: z.array(productImageSchema),
    sellerId: z.string().nullable(),
    averageReview: z.number(),
    reviewCount: z.number(),
    popularity: z.number(),
    createdAt: z.string(),
    /** among its category's top sellers of the last 30 days (BEST_SELLER, docs/search-and-listing.md) */
    bestSeller: z.boolean(),
    /** consoles only: the product waits for the admin to accept its proposed brand (not in the shop meanwhile) */
    brandPending: z.boolean().optional(),
    /** consoles: HSN code and GST rate (null on rows from before: the category's) */
    hsn: z.string().nullable().optional(),
    gstRate: z.number().nullable().optional(),
    /** consoles: the packed weight (g) and box (cm); null: the category's default (docs/delivery.md) */
    weightGrams: z.number().nullable().optional(),
    lengthCm: z.number().nullable().optional(),
    widthCm: z.number().nullable().optional(),
    heightCm: z.number().nullable().optional(),
    /** the options a shopper chooses (Size, Colour…); [] for a product sold as one default variant */
    options: z.array(productOptionSchema),
    /**
     * the dearest variant's unit price (salePrice or price); above the unit price of `price`/`salePrice` (the
     * cheapest variant's), cards show a range
     */
    maxPrice: z.number(),
  })
  .meta({
    id: 'Product',
    description:
      "A product as the catalogue shows it; prices in rupees. Price, sale price, discount are its cheapest variant's, totalStock the sum of its variants'.",
  });
export type ProductDto = z.infer<typeof productDtoSchema>;

/** A product as its add/edit answers it: the catalogue fields plus its live variants, in order. */
export const productWithVariantsDtoSchema = productDtoSchema
  .extend({ variants: z.array(variantDtoSchema) })
  .meta({ id: 'ProductWithVariants' });
export type ProductWithVariantsDto = z.infer<typeof productWithVariantsDtoSchema>;

/** One product as its page shows it: the catalogue fields, the name of the store selling it and its variants. */
export const productDetailDtoSchema = productDtoSchema
  .extend({
    storeName: z
      .string()
      .nullable()
      .meta({ description: "the seller's store; null for the marketplace's own" }),
    storeSlug: z.string().nullable().meta({
      description: "the seller's store page, /shop/store/{storeSlug}; null for the marketplace's own",
    }),
    variants: z.array(variantDtoSchema).meta({
      description:
        'its live variants in order; [] for a product without options (sold as one: its own price and stock, and a cart line without variantId)',
    }),
  })
  .meta({ id: 'ProductDetail' });
export type ProductDetailDto = z.infer<typeof productDetailDtoSchema>;

const csvList = <T extends z.ZodType>(item: T) =>
  z
    .preprocess((v) => {
      if (v == null || v === '') return [];
      const parts = Array.isArray(v) ? v.flatMap((x) => String(x).split(',')) : String(v).split(',');
      return parts.map((s) => s.trim()).filter(Boolean);
    }, z.array(item).max(50))
    // an absent list is an empty one (and an optional parameter in the OpenAPI document)
    .default([])
    .meta({ description: 'One or more values: repeat the parameter, or separate the values with commas' });

/** A list's page and page size (default 24, at most LIMITS.pageSizeMax). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'Limit must be 1 or more')
    .max(LIMITS.pageSizeMax, `Limit must be at most ${LIMITS.pageSizeMax}`)
    .default(LIMITS.pageSizeDefault),
});

/** GET /api/shop/products/get query. */
/** The Size filter of the listing and of search: sizes, comma-separated (docs/search-and-listing.md, "Size"). */
const sizeList = csvList(z.string().trim().min(1).max(40, 'Size is too long'));

export const productListQuerySchema = z.object({
  category: csvList(categorySchema),
  brand: csvList(brandSchema),
  /** one seller's products ("Sold by" on the product page) */
  seller: z.preprocess(emptyToUndefined, uuidOf('Seller must be a valid seller id').optional()),
  /** products with a variant in stock in any of these sizes (clothing and footwear; docs/search-and-listing.md) */
  size: sizeList,
  sortBy: z.preprocess(emptyToUndefined, z.enum(SORT_IDS, { message: 'Unknown sort order' }).optional()),
  ...pageQuerySchema.shape,
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const searchKeywordSchema = z
  .string()
  .trim()
  .min(1, 'Keyword is required')
  .max(100, 'Keyword is too long');

export const facetCountSchema = z.object({ id: z.string(), count: z.number().int() });
export type FacetCount = z.infer<typeof facetCountSchema>;
export const productFacetsSchema = z
  .object({ category: z.array(facetCountSchema), brand: z.array(facetCountSchema) })
  .meta({
    id: 'ProductFacets',
    description: 'How many live products each category and brand holds under the other filter.',
  });
export type ProductFacets = z.infer<typeof productFacetsSchema>;

/** Search facets: counts among the search's candidate set; `capped` when that set reached its bound. */
export const searchFacetsSchema = productFacetsSchema.extend({ capped: z.boolean() }).meta({
  id: 'SearchFacets',
  description:
    'How many of the best matches (at most SEARCH_RANKING.candidates) each category and brand holds under the other filter; capped when more products match than were counted.',
});
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

/** GET /api/shop/search/suggest query: the text typed in the header box. */
export const suggestQuerySchema = z.object({
  q: z.string({ message: 'q is required' }).trim().min(1, 'q is required').max(100, 'q is too long'),
});

/** What the header search box offers while the shopper types: products, brands and categories. */
export const searchSuggestionsSchema = z
  .object({
    products: z.array(
      z.object({
        _id: z.string(),
        title: z.string(),
        image: z.string(),
        category: z.string(),
        brand: z.string(),
      }),
    ),
    brands: z.array(z.object({ id: z.string(), label: z.string() })),
    categories: z.array(z.object({ id: z.string(), label: z.string() })),
  })
  .meta({ id: 'SearchSuggestions' });
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

export const homeSectionsSchema = z
  .object({
    bestDeals: z.array(productDtoSchema),
    electronicsOffers: z.array(productDtoSchema),
    topDiscounts: z.array(productDtoSchema),
    topSelection: z.array(productDtoSchema),
  })
  .meta({ id: 'HomeSections' });
export type HomeSections = z.infer<typeof homeSectionsSchema>;

/**
 * Banner image sizes the banner screen recommends (docs/images.md). The carousel is 35% of the screen's height:
 * about 4:1 to 5:1 on desktops, about 4:3 on phones; the picture is cropped to fit, so its subject belongs in the
 * middle and its message in the banner's text fields, never in the picture.
 */
export const BANNER_IMAGE_SIZES = {
  desktop: { width: 1920, height: 480 },
  mobile: { width: 1200, height: 900 },
} as const;

const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => (v == null ? '' : v),
    z
      .string({ message: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`),
  );

/**
 * A banner: the image, an optional art-directed image for phones, and its message as text shown over the image
 * (never baked into it, so no crop cuts it). The button link stays inside the shop.
 */
export const bannerInputSchema = z
  .object({
    image: imageUrlSchema,
    mobileImage: z.preprocess(emptyToUndefined, imageUrlSchema.optional()),
    title: optionalText('Title', 80),
    subtitle: optionalText('Subtitle', 160),
    ctaLabel: optionalText('Button label', 30),
    ctaLink: optionalText('Button link', 300).refine(
      (v) => v === '' || (/^\/(?!\/)\S*$/.test(v) && !v.includes('\\')),
      'Button link must be a path in the shop, like /shop/listing?category=men',
    ),
  })
  .refine((b) => !b.ctaLabel || b.ctaLink, { message: 'A button needs a link', path: ['ctaLink'] });
export type BannerInput = z.infer<typeof bannerInputSchema>;
export const bannerDtoSchema = z
  .object({
    _id: z.string(),
    image: z.string(),
    mobileImage: z.string().nullable(),
    title: z.string(),
    subtitle: z.string(),
    ctaLabel: z.string(),
    ctaLink: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Banner' });
export type BannerDto = z.infer<typeof bannerDtoSchema>;

export const reviewInputSchema = z.object({
  productId: uuidOf('Must be a valid product id'),
  reviewMessage: text('Review', 2000),
  reviewVal: z.coerce
    .number({ message: 'Rating must be a number' })
    .int('Rating must be a whole number of stars')
    .min(1, 'Rating must be between 1 and 5')
    .max(5, 'Rating must be between 1 and 5'),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;
export const reviewDtoSchema = z
  .object({
    _id: z.string(),
    productId: z.string(),
    userId: z.string(),
    username: z.string(),
    reviewMessage: z.string(),
    reviewVal: z.number().int(),
    verifiedPurchase: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Review' });
export type ReviewDto = z.infer<typeof reviewDtoSchema>;

export const wishlistInputSchema = z.object({ productId: uuidOf('Must be a valid product id') });
export const wishlistItemDtoSchema = z
  .object({
    _id: z.string(),
    userId: z.string(),
    productId: z.string(),
    image: z.string(),
    title: z.string(),
    salePrice: z.number().nullable(),
    price: z.number(),
    discount: z.number(),
    description: z.string(),
    totalStock: z.number(),
  })
  .meta({ id: 'WishlistItem' });
export type WishlistItemDto = z.infer<typeof wishlistItemDtoSchema>;

/** Search answers at most this many products per page. */
export const SEARCH_LIMIT_MAX = 48;

/** How search results are ordered: best match first (the default), or one of the listing's sorts. */
export const SEARCH_SORT_IDS = ['relevance', ...SORT_IDS] as const;

/**
 * GET /api/shop/product/search/search-product/:keyword query: optional page and limit (≤ 48), the listing's
 * category/brand filters and sort (plus `relevance`, the default), and `facets=true` to also answer facet counts
 * of the candidate set (docs/search-and-listing.md).
 */
export const searchQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').max(1000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'Limit must be 1 or more')
    .max(SEARCH_LIMIT_MAX, `Limit must be at most ${SEARCH_LIMIT_MAX}`)
    .default(SEARCH_LIMIT_MAX),
  category: csvList(categorySchema),
  brand: csvList(brandSchema),
  /** products with a variant in stock in any of these sizes, as the listing's `size` */
  size: sizeList,
  sortBy: z.preprocess(
    emptyToUndefined,
    z.enum(SEARCH_SORT_IDS, { message: 'Unknown sort order' }).default('relevance'),
  ),
  facets: z.preprocess(
    emptyToUndefined,
    z
      .stringbool({ truthy: ['true', '1'], falsy: ['false', '0'], error: 'facets must be true or false' })
      .default(false),
  ),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/**
 * Admin/seller product lists: everything unless page (and limit, default 24, max 100) is given; `q` searches
 * titles (2–100 characters), `category`, `brand` and (admin) `sellerId` filter. With a page, the answer carries
 * `pagination`.
 */
export const managementListQuerySchema = z.object({
  q: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .min(2, 'Search must be at least 2 characters')
      .max(100, 'Search is too long')
      .optional(),
  ),
  category: csvList(categorySchema),
  brand: csvList(brandSchema),
  sellerId: z.preprocess(emptyToUndefined, uuidOf('Must be a valid seller id').optional()),
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').max(100_000).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'Limit must be 1 or more')
    .max(LIMITS.pageSizeMax, `Limit must be at most ${LIMITS.pageSizeMax}`)
    .optional(),
});
