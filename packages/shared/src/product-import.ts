/**
 * Bulk upload of products (docs/catalogue-import.md): the CSV columns, the template sellers download, and the
 * import job answers. Plain data and zod: the server parses files with these names, the web shows the answers.
 */
import { z } from 'zod';

/** Every column the importer reads, in the template's order. */
/** Optional columns of a product's package (docs/delivery.md) and tax (docs/tax.md), read from its first row. */
export const IMPORT_PACKAGE_TAX_COLUMNS = [
  'weight_grams',
  'length_cm',
  'width_cm',
  'height_cm',
  'hsn',
  'gst_rate',
] as const;

export const IMPORT_COLUMNS = [
  'handle',
  'title',
  'description',
  'category',
  'brand',
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'option3_name',
  'option3_value',
  'sku',
  'price',
  'sale_price',
  'stock',
  'image_urls',
  ...IMPORT_PACKAGE_TAX_COLUMNS,
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Columns a file must have in its header (the option and sale price columns may be left out). */
export const IMPORT_REQUIRED_COLUMNS: readonly ImportColumn[] = [
  'handle',
  'title',
  'description',
  'category',
  'brand',
  'sku',
  'price',
  'stock',
  'image_urls',
];

/** Several image URLs in one cell are separated by this. */
export const IMPORT_IMAGE_SEPARATOR = '|';

const templateRows: Record<ImportColumn, string>[] = [
  {
    handle: 'banarasi-silk-saree',
    title: 'Banarasi Silk Saree',
    description: 'Handwoven silk saree with zari border, 6.3 m with blouse piece.',
    category: 'women',
    brand: 'zara',
    option1_name: '',
    option1_value: '',
    option2_name: '',
    option2_value: '',
    option3_name: '',
    option3_value: '',
    sku: 'SAREE-RED-01',
    price: '4999',
    sale_price: '4499',
    stock: '12',
    image_urls: '/uploads/products/replace-with-your-image.jpg',
    weight_grams: '700',
    length_cm: '35',
    width_cm: '28',
    height_cm: '6',
    hsn: '5007',
    gst_rate: '5',
  },
  ...[
    ['S', '8'],
    ['M', '10'],
    ['L', '0'],
  ].map(([size, stock], i) => ({
    handle: 'cotton-kurta',
    title: i === 0 ? 'Cotton Kurta' : '',
    description: i === 0 ? 'Breathable cotton kurta, regular fit, "handloom" weave.' : '',
    category: i === 0 ? 'men' : '',
    brand: i === 0 ? 'levi' : '',
    option1_name: 'Size',
    option1_value: size!,
    option2_name: '',
    option2_value: '',
    option3_name: '',
    option3_value: '',
    sku: `KURTA-${size}`,
    price: '899',
    sale_price: '',
    stock: stock!,
    image_urls:
      i === 0 ? '/uploads/products/replace-with-front.jpg|/uploads/products/replace-with-back.jpg' : '',
    weight_grams: '',
    length_cm: '',
    width_cm: '',
    height_cm: '',
    hsn: '',
    gst_rate: '',
  })),
];

const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The template a seller downloads: the header and two products, the second in three sizes. */
export const IMPORT_TEMPLATE_CSV = [
  IMPORT_COLUMNS.join(','),
  ...templateRows.map((r) => IMPORT_COLUMNS.map((c) => csvCell(r[c])).join(',')),
]
  .join('\r\n')
  .concat('\r\n');
export const IMPORT_TEMPLATE_FILE_NAME = 'haat-products-template.csv';

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_OUTCOMES = ['created', 'updated', 'error'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/** What happened to one row of the file. `row` counts the file's lines as a spreadsheet does: the header is 1. */
export const importRowResultSchema = z.object({
  row: z.number().int().meta({ description: 'the line in the file; the header is row 1' }),
  sku: z.string(),
  handle: z.string(),
  outcome: z.enum(IMPORT_OUTCOMES),
  productId: z.string().optional(),
  message: z.string().optional().meta({ description: 'why the row was not imported (errors only)' }),
});
export type ImportRowResult = z.infer<typeof importRowResultSchema>;

export const importJobDtoSchema = z.object({
  _id: z.string(),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  totalRows: z.number().int().meta({ description: 'data rows in the file (the header not counted)' }),
  processedRows: z.number().int(),
  createdRows: z.number().int(),
  updatedRows: z.number().int(),
  errorRows: z.number().int(),
  /** why the whole job failed (status failed only) */
  failure: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportJobDto = z.infer<typeof importJobDtoSchema>;

export const importJobQuerySchema = z.object({
  outcome: z
    .enum(['all', ...IMPORT_OUTCOMES])
    .default('all')
    .meta({ description: 'only the rows with this outcome (`error`: the rows to fix)' }),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type ImportJobQuery = z.infer<typeof importJobQuerySchema>;

export const importJobParamsSchema = z.object({
  jobId: z.uuid({ message: 'Must be a valid id' }).transform((v) => v.toLowerCase()),
});
