/**
 * Product options and variants (docs/orders-and-stock.md, "Variants"): a product may offer up to 3 options (Size,
 * Colour…); each combination a shopper can buy is a variant with its own SKU, prices and stock. A product without
 * options is sold as one default variant.
 */
import { z } from 'zod';
import { emptyToUndefined, imageUrlSchema, text, uuidOf } from './api';
import { LIMITS } from './constants';

const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const hasRepeat = (list: readonly string[]) => new Set(list.map((v) => v.toLowerCase())).size !== list.length;

export const productOptionSchema = z
  .object({
    name: text('Option name', 30),
    values: z
      .array(text('Option value', 40), { message: 'Option values must be a list' })
      .min(1, 'An option needs at least one value')
      .max(LIMITS.optionValuesMax, `An option has at most ${LIMITS.optionValuesMax} values`)
      .refine((v) => !hasRepeat(v), 'Each value of an option may appear only once'),
  })
  .meta({ id: 'ProductOption', description: 'An option a shopper chooses, e.g. Size with S, M, L' });
export type ProductOption = z.infer<typeof productOptionSchema>;

/** Rupees with at most 2 decimals; numbers may arrive as strings from forms. */
export const moneyField = (label: string) =>
  z.coerce
    .number({ message: `${label} must be a number` })
    .refine(Number.isFinite, `${label} must be a number`)
    .refine(
      (n) => Math.round(n * 100) === Math.round(n * 100 * 1e6) / 1e6,
      `${label} has at most 2 decimals`,
    );

export const priceField = moneyField('Price')
  .refine((n) => n > 0, 'Price must be greater than 0')
  .refine((n) => n <= 10_000_000, 'Price is too large');
export const salePriceField = z.preprocess(
  emptyToUndefined,
  moneyField('Sale price')
    .refine((n) => n >= 0, 'Sale price cannot be negative')
    .optional(),
);
export const discountField = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ message: 'Discount must be a number' })
    .int('Discount must be a whole percent')
    .min(0, 'Discount must be between 0 and 100')
    .max(100, 'Discount must be between 0 and 100')
    .optional(),
);
export const stockField = (label = 'Stock') =>
  z.coerce
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(1_000_000, `${label} is too large`);

export const skuField = z.preprocess(
  emptyToUndefined,
  z
    .string({ message: 'SKU must be text' })
    .trim()
    .min(1, 'SKU is required')
    .max(64, 'SKU must be at most 64 characters')
    .regex(/^[\w.\-/]+$/, 'SKU may hold letters, digits and - _ . / only')
    .optional(),
);

/** One variant in the product form or an import row. */
export const variantInputSchema = z
  .object({
    /** an edit's existing variant; new ones have none */
    id: z.preprocess(emptyToUndefined, uuidOf('Variant id must be a valid id').optional()),
    sku: skuField,
    /** one value per option, in the options' order; [] for a product without options */
    optionValues: z.array(text('Option value', 40)).max(LIMITS.productOptionsMax).default([]),
    price: priceField,
    salePrice: salePriceField,
    /** whole percent; absent: the product's discount */
    discount: discountField,
    stock: stockField(),
    /** the figure the form was loaded with (edits; as stockLoaded of the product) */
    stockLoaded: z.preprocess(emptyToUndefined, stockField('Loaded stock').optional()),
    /** this variant's own pictures; absent or empty: the product's */
    images: z
      .array(imageUrlSchema)
      .max(LIMITS.productImagesMax, `A variant has at most ${LIMITS.productImagesMax} images`)
      .optional(),
  })
  .refine((v) => v.salePrice == null || v.salePrice <= v.price, {
    message: 'Sale price cannot be above the price',
    path: ['salePrice'],
  })
  .meta({ id: 'VariantInput' });
export type VariantInput = z.infer<typeof variantInputSchema>;

/** The parts of a product input the options and variants rules read. */
interface OptionsAndVariants {
  options: ProductOption[];
  variants?: VariantInput[] | undefined;
}

type Issue = { path: (string | number)[]; message: string };

function optionIssues(options: ProductOption[]): Issue[] {
  const issues: Issue[] = [];
  options.forEach((o, i) => {
    if (options.findIndex((x) => sameText(x.name, o.name)) !== i) {
      issues.push({ path: ['options', i, 'name'], message: `Option "${o.name}" is named twice` });
    }
  });
  return issues;
}

function variantIssues({ options, variants }: OptionsAndVariants): Issue[] {
  if (!variants) {
    return options.length
      ? [{ path: ['variants'], message: 'A product with options needs its variants' }]
      : [];
  }
  const issues: Issue[] = [];
  if (!options.length && variants.length > 1) {
    issues.push({ path: ['variants'], message: 'A product without options has one variant' });
  }
  variants.forEach((v, i) => {
    if (v.optionValues.length !== options.length) {
      issues.push({
        path: ['variants', i, 'optionValues'],
        message: `Choose one value for each option (${options.map((o) => o.name).join(', ') || 'none'})`,
      });
      return;
    }
    v.optionValues.forEach((value, j) => {
      const option = options[j]!;
      if (!option.values.some((x) => x === value)) {
        issues.push({
          path: ['variants', i, 'optionValues', j],
          message: `"${value}" is not a value of ${option.name}`,
        });
      }
    });
  });
  return issues;
}

/** Issues of the options and variants of a product input (the form and the server show the same messages). */
export function optionsAndVariantsIssues(input: OptionsAndVariants): Issue[] {
  return [...optionIssues(input.options), ...variantIssues(input)];
}

export const combinationKey = (optionValues: readonly string[]) => JSON.stringify(optionValues);

/** The first variant whose option values repeat an earlier one's (answered 400 VARIANT_REPEATED). */
export function repeatedCombination(variants: readonly { optionValues: string[] }[]): string[] | undefined {
  const seen = new Set<string>();
  for (const v of variants) {
    const key = combinationKey(v.optionValues);
    if (seen.has(key)) return v.optionValues;
    seen.add(key);
  }
  return undefined;
}

/** The first SKU used twice among these variants (case as written). */
export function repeatedSku(variants: readonly { sku?: string | undefined }[]): string | undefined {
  const seen = new Set<string>();
  for (const v of variants) {
    if (v.sku == null) continue;
    if (seen.has(v.sku)) return v.sku;
    seen.add(v.sku);
  }
  return undefined;
}

/** "Size: M · Colour: Black" for an order line; '' for a default variant. */
export function variantLabel(options: readonly { name: string }[], optionValues: readonly string[]): string {
  return optionValues.map((v, i) => `${options[i]?.name ?? 'Option'}: ${v}`).join(' · ');
}

/** Every combination of the options' values, in the options' order (the form's grid of variants). */
export function combinationsOf(options: readonly ProductOption[]): string[][] {
  return options.reduce<string[][]>(
    (acc, o) => acc.flatMap((prefix) => o.values.map((v) => [...prefix, v])),
    [[]],
  );
}

/** A variant as the product page shows it; prices in rupees. */
export const variantDtoSchema = z
  .object({
    _id: z.string(),
    sku: z.string().nullable(),
    optionValues: z.array(z.string()),
    price: z.number(),
    salePrice: z.number().nullable(),
    discount: z.number(),
    /** the unit price before the discount: salePrice when set and > 0, else price (docs/prices.md) */
    effectivePrice: z.number(),
    stock: z.number(),
    inStock: z.boolean(),
    /** this variant's pictures; empty: the product's */
    images: z.array(z.string()),
  })
  .meta({ id: 'Variant' });
export type VariantDto = z.infer<typeof variantDtoSchema>;
