/**
 * From CSV rows to product inputs (docs/catalogue-import.md): rows sharing a `handle` are one product, each row one
 * of its variants. A product is checked with the product form's own schema (productInputSchema); any error in any
 * of its rows leaves the whole product out, and every one of its rows says why.
 */
import {
  IMPORT_IMAGE_SEPARATOR,
  IMPORT_PACKAGE_TAX_COLUMNS,
  productInputSchema,
  type ImportColumn,
  type ImportRowResult,
  type ProductInput,
} from '@mp/shared';
import type { CsvRow } from './import-csv';

export interface ProductGroup {
  handle: string;
  rows: CsvRow[];
}

export type PreparedProduct =
  | { ok: true; group: ProductGroup; input: ProductInput; skus: string[] }
  | { ok: false; group: ProductGroup; errors: ImportRowResult[] };

const OPTION_SLOTS = [1, 2, 3] as const;
/** columns that describe the product: on later rows of a product they are left empty or repeat the first row */
const PRODUCT_COLUMNS: readonly ImportColumn[] = [
  'title',
  'description',
  'category',
  'brand',
  ...IMPORT_PACKAGE_TAX_COLUMNS,
];

/** Rows grouped by handle, in the order each handle first appears; a row without a handle stands alone. */
export function groupByHandle(rows: readonly CsvRow[]): ProductGroup[] {
  const groups = new Map<string, ProductGroup>();
  for (const r of rows) {
    const key = r.cells.handle ? `h:${r.cells.handle.toLowerCase()}` : `row:${r.row}`;
    const group = groups.get(key) ?? { handle: r.cells.handle, rows: [] };
    group.rows.push(r);
    groups.set(key, group);
  }
  return [...groups.values()];
}

export const rowError = (r: CsvRow, message: string): ImportRowResult => ({
  row: r.row,
  sku: r.cells.sku,
  handle: r.cells.handle,
  outcome: 'error',
  message,
});

/** Every row of a product that is not imported: the rows at fault say why, the others name them. */
export function failGroup(group: ProductGroup, faults: Map<number, string>): PreparedProduct {
  const faulty = [...faults.keys()].sort((a, b) => a - b);
  const errors = group.rows.map((r) =>
    rowError(
      r,
      faults.get(r.row) ??
        `Not imported: row ${faulty.join(', ')} of the same product (handle ${group.handle}) has an error`,
    ),
  );
  return { ok: false, group, errors };
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

const OPTION_NAME_COLUMNS = OPTION_SLOTS.map((n) => `option${n}_name` as const);

/** What is wrong with one row in the columns the product schema cannot see, if anything. */
function rowFault(
  r: CsvRow,
  first: CsvRow,
  optionNames: string[],
  seenSkus: Set<string>,
): string | undefined {
  const c = r.cells;
  if (r.ragged) return 'This row has a different number of cells than the header';
  if (!c.handle) return 'handle is required';
  if (!c.sku) return 'sku is required';
  if (seenSkus.has(c.sku)) return `SKU ${c.sku} appears twice in this product`;
  const differs = (k: ImportColumn) => c[k] !== '' && !same(c[k], first.cells[k]);
  if (r !== first && [...PRODUCT_COLUMNS, ...OPTION_NAME_COLUMNS].some(differs)) {
    return 'Rows of one product must leave title, description, category, brand, package, tax and option names empty or repeat the first row';
  }
  for (const n of OPTION_SLOTS) {
    const name = optionNames[n - 1];
    const value = c[`option${n}_value`];
    if (name && !value) return `option${n}_value is required (the product has the option ${name})`;
    if (!name && value) return `option${n}_value is given but the product's first row has no option${n}_name`;
  }
  return undefined;
}

/** The option names of a product (from its first row) and each row's faults the schema cannot see. */
function rowFaults(group: ProductGroup): { optionNames: string[]; faults: Map<number, string> } {
  const first = group.rows[0]!;
  const optionNames = OPTION_NAME_COLUMNS.map((k) => first.cells[k]);
  const faults = new Map<number, string>();
  const seenSkus = new Set<string>();
  for (const r of group.rows) {
    const fault = rowFault(r, first, optionNames, seenSkus);
    if (fault) faults.set(r.row, fault);
    seenSkus.add(r.cells.sku);
  }
  return { optionNames, faults };
}

const numberCell = (v: string) => (v === '' ? undefined : v.replace(/[,₹\s]/g, ''));
const imagesOf = (cell: string) =>
  cell
    .split(IMPORT_IMAGE_SEPARATOR)
    .map((u) => u.trim())
    .filter(Boolean);

/**
 * The product form's input for a group, before validation (numbers as the cells' text, like a form sends them):
 * every row a variant, with its SKU; a product without options has one, its default variant.
 */
function rawInput(group: ProductGroup, optionNames: string[]) {
  const first = group.rows[0]!.cells;
  const slots = OPTION_SLOTS.filter((_, i) => optionNames[i]);
  const images = [...new Set(group.rows.flatMap((r) => imagesOf(r.cells.image_urls)))];
  const variants = group.rows.map((r) => ({
    sku: r.cells.sku,
    optionValues: slots.map((n) => r.cells[`option${n}_value`]),
    price: numberCell(r.cells.price),
    salePrice: numberCell(r.cells.sale_price),
    stock: numberCell(r.cells.stock),
    ...(slots.length ? { images: imagesOf(r.cells.image_urls) } : {}),
  }));
  return {
    title: first.title,
    description: first.description,
    category: first.category,
    brand: first.brand,
    // optional: the package (docs/delivery.md) and tax (docs/tax.md); an empty cell leaves the category's
    weightGrams: numberCell(first.weight_grams),
    lengthCm: numberCell(first.length_cm),
    widthCm: numberCell(first.width_cm),
    heightCm: numberCell(first.height_cm),
    hsn: first.hsn || undefined,
    gstRate: numberCell(first.gst_rate),
    images,
    options: slots.map((n, i) => ({
      name: optionNames[n - 1]!,
      values: [...new Set(variants.map((v) => v.optionValues[i]!))],
    })),
    variants,
  };
}

/** The row a schema issue points at: a variant's own row, else the product's first row. */
function issueRow(group: ProductGroup, path: readonly PropertyKey[]): CsvRow {
  const index = path[0] === 'variants' && typeof path[1] === 'number' ? path[1] : 0;
  return group.rows[index] ?? group.rows[0]!;
}

/** Checks one product's rows; answers its input for the product writer, or the error of every row. */
export function prepareProduct(group: ProductGroup): PreparedProduct {
  const { optionNames, faults } = rowFaults(group);
  if (faults.size) return failGroup(group, faults);
  const parsed = productInputSchema.safeParse(rawInput(group, optionNames));
  if (parsed.success) {
    return { ok: true, group, input: parsed.data, skus: group.rows.map((r) => r.cells.sku) };
  }
  for (const issue of parsed.error.issues) {
    const r = issueRow(group, issue.path);
    if (!faults.has(r.row)) faults.set(r.row, issue.message);
  }
  return failGroup(group, faults);
}
