/**
 * The product panel of both consoles: the product's images (several, ordered: image-list-editor)
 * + product form, in add mode (no product) or edit mode (product set), on the form primitive (lib/form.ts) with the
 * shared productInputSchema; the server answer decides success. On success: toast, then onSaved() (the page reloads
 * its list and closes the panel).
 */
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import {
  brandLabel,
  brandSpelling,
  CATEGORIES,
  productInputSchema,
  type BrandDto,
  type ProductDto,
  type VariantDto,
} from '@mp/shared';
import { Button, Input, Select, Textarea } from '../../components/ui';
import { errorCode, errorMessage, toApiError } from '../../lib/api';
import { fieldProps, showServerErrors, useZodForm } from '../../lib/form';
import type { ProductEndpoints, UploadImage } from './catalog-api';
import { ImageListEditor } from './image-list-editor';
import { VariantsEditor, type VariantRowValue } from './variants-editor';
import { ProductTaxFields } from '../tax/product-tax-fields';
import { packageValuesOf, ProductPackageFields } from '../delivery/product-package-fields';

/** A product as the consoles list it: with its live variants (the grid edits them). */
type EditedProduct = ProductDto & { variants?: VariantDto[] };

/** The grid's rows of a product with options, each with the stock figure it was loaded with (STALE_STOCK). */
const variantRowsOf = (p: EditedProduct | null | undefined): VariantRowValue[] | undefined =>
  p?.options.length && p.variants?.length
    ? p.variants.map((v) => ({
        id: v._id,
        sku: v.sku ?? '',
        optionValues: v.optionValues,
        price: String(v.price),
        salePrice: v.salePrice == null ? '' : String(v.salePrice),
        stock: String(v.stock),
        stockLoaded: v.stock,
      }))
    : undefined;

const CATEGORY_OPTIONS = CATEGORIES.map((c) => ({ value: c.id, label: c.label }));
/** The number inputs: rupees with paise, and whole counts (stock, percent). */
const RUPEES = { type: 'number', inputMode: 'decimal', min: 0, step: '0.01' } as const;
const COUNT = { type: 'number', inputMode: 'numeric', min: 0, step: '1' } as const;

/** What the form holds: the figures as typed (the schema reads them), the pictures as their URLs in order. */
const valuesOf = (p: EditedProduct | null | undefined, brands: readonly BrandDto[]) => ({
  title: p?.title ?? '',
  description: p?.description ?? '',
  category: p?.category ?? '',
  // the brand's name as the seller knows it; the server files any spelling of it under the same brand
  brand: p ? (brands.find((b) => b.id === p.brand)?.label ?? brandLabel(p.brand)) : '',
  price: p ? String(p.price) : '',
  salePrice: p?.salePrice == null ? '' : String(p.salePrice),
  discount: p ? String(p.discount) : '',
  totalStock: p ? String(p.totalStock) : '',
  hsn: p?.hsn ?? '',
  gstRate: p?.gstRate == null ? '' : String(p.gstRate),
  ...packageValuesOf(p),
  image: p?.image,
  images: p ? (p.images.length ? p.images.map((i) => i.url) : [p.image]) : undefined,
  // the stock figure this form was loaded with: the server refuses a changed figure once stock moved since
  // (409 STALE_STOCK, docs/orders-and-stock.md)
  stockLoaded: p?.totalStock,
  options: p?.options ?? [],
  variants: variantRowsOf(p),
});

/** The current stock figure of a 409 STALE_STOCK answer, else undefined. */
function staleStock(err: unknown): number | undefined {
  if (errorCode(err) !== 'STALE_STOCK') return undefined;
  const current = toApiError(err).details?.currentStock;
  return typeof current === 'number' ? current : undefined;
}

export interface ProductFormProps {
  /** edit mode when set */
  product?: EditedProduct | null;
  endpoints: Pick<ProductEndpoints, 'add' | 'edit'>;
  onSaved: () => void;
  /** the image upload call (defaults to POST /api/admin/products/upload-image) */
  upload?: UploadImage;
  /** the brands offered (GET /api/shop/brands); a name not among them proposes a new brand */
  brands?: readonly BrandDto[];
}

/**
 * The brand field: a text box offering the shop's brands as the seller types (a native, keyboard-accessible
 * list); a name no brand has is proposed, and the product waits for the admin (docs/search-and-listing.md,
 * "Brands"). The hint says which.
 */
function BrandField({
  brands,
  pending,
  typed,
  field,
}: {
  brands: readonly BrandDto[];
  pending: boolean;
  /** what the box holds now */
  typed: string;
  field: ReturnType<typeof fieldProps>;
}) {
  const listId = useId();
  const spelling = brandSpelling(typed);
  const match = spelling
    ? brands.find((b) => brandSpelling(b.label) === spelling || b.id === typed)
    : undefined;
  const hint = !spelling
    ? 'Pick a brand or type a new one'
    : match
      ? `Filed under ${match.label}`
      : 'New brand: the product is shown once the admin accepts it';
  return (
    <>
      <Input
        label="Brand"
        required
        list={listId}
        autoComplete="off"
        hint={pending && match === undefined ? 'Brand pending: waiting for the admin' : hint}
        {...field}
      />
      <datalist id={listId}>
        {brands.map((b) => (
          <option key={b.id} value={b.label} />
        ))}
      </datalist>
    </>
  );
}

export function ProductForm({ product, endpoints, onSaved, upload, brands = [] }: ProductFormProps) {
  const editing = Boolean(product);
  const form = useZodForm(productInputSchema, valuesOf(product, brands));
  const { errors, isSubmitting: saving } = form.formState;
  const images = (form.watch('images') as string[] | undefined) ?? [];
  const hasOptions = ((form.watch('options') as unknown[] | undefined) ?? []).length > 0;
  const [uploading, setUploading] = useState(false);

  const save = form.handleSubmit(async (input) => {
    try {
      const answer = product ? await endpoints.edit(product._id, input) : await endpoints.add(input);
      toast.success(
        product ? (answer.message ?? 'Product updated successfully!') : 'Product added Successfully!',
      );
      onSaved();
    } catch (err) {
      const currentStock = staleStock(err);
      if (currentStock !== undefined) {
        // stock moved (orders placed or paid) since the form was loaded: show the figure now, keep what was typed
        form.setValue('stockLoaded', currentStock);
        form.setError('totalStock', {
          type: 'server',
          message: `Stock changed while you were editing: it is now ${currentStock}. Check the figure and save again.`,
        });
      } else showServerErrors(form, err);
      toast.error(errorMessage(err, product ? 'Product update failed' : 'Product add failed'));
    }
  });
  const submit = (e: FormEvent) => {
    if (!uploading) return save(e);
    e.preventDefault();
    toast.warn('Please wait for image upload to complete.');
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label={editing ? 'Edit product' : 'Add product'}
    >
      <ImageListEditor
        value={images}
        onChange={(urls) => {
          form.setValue('images', urls.length ? urls : undefined);
          form.setValue('image', urls[0]);
          form.clearErrors(['image', 'images']);
        }}
        onUploadingChange={setUploading}
        error={(errors.images ?? errors.image)?.message}
        upload={upload}
      />
      <Input label="Title" required {...fieldProps(form, 'title')} />
      <Textarea label="Description" required rows={4} {...fieldProps(form, 'description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label="Category" required options={CATEGORY_OPTIONS} {...fieldProps(form, 'category')} />
        <BrandField
          brands={brands}
          pending={Boolean(product?.brandPending)}
          typed={String(form.watch('brand') ?? '')}
          field={fieldProps(form, 'brand')}
        />
        {!hasOptions && <Input label="Price (₹)" required {...RUPEES} {...fieldProps(form, 'price')} />}
        {!hasOptions && (
          <Input label="Sale Price (₹)" hint="Optional" {...RUPEES} {...fieldProps(form, 'salePrice')} />
        )}
        <Input label="Discount (%)" max={100} {...COUNT} {...fieldProps(form, 'discount')} />
        {!hasOptions && <Input label="Total Stock" required {...COUNT} {...fieldProps(form, 'totalStock')} />}
        <ProductTaxFields form={form as never} editing={editing} />
        <ProductPackageFields form={form as never} />
      </div>
      <VariantsEditor form={form as unknown as Parameters<typeof VariantsEditor>[0]['form']} />
      <Button type="submit" size="lg" loading={saving} disabled={uploading} className="w-full">
        {editing ? 'Update Product' : 'Add Product'}
      </Button>
    </form>
  );
}
