/**
 * The product panel of both consoles (spec section 4): the product's images (several, ordered: image-list-editor)
 * + product form, in add mode (no product) or edit mode (product set). Validated with the shared productInputSchema; the server answer
 * decides success. On success: toast, then onSaved() (the page reloads its list and closes the panel).
 */
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { BRANDS, CATEGORIES, productInputSchema, type ProductDto, type ProductInput } from '@mp/shared';
import { Button, Input, Select, Textarea } from '../../components/ui';
import { errorCode, errorMessage, toApiError } from '../../lib/api';
import type { ProductEndpoints, UploadImage } from './catalog-api';
import { ImageListEditor } from './image-list-editor';

type FieldName =
  'title' | 'description' | 'category' | 'brand' | 'price' | 'salePrice' | 'discount' | 'totalStock';
type FormValues = Record<FieldName, string>;
type FormErrors = Partial<Record<FieldName | 'image' | 'images', string>>;

const CATEGORY_OPTIONS = CATEGORIES.map((c) => ({ value: c.id, label: c.label }));
const BRAND_OPTIONS = BRANDS.map((b) => ({ value: b.id, label: b.label }));

const EMPTY: FormValues = {
  title: '',
  description: '',
  category: '',
  brand: '',
  price: '',
  salePrice: '',
  discount: '',
  totalStock: '',
};

const fromProduct = (p: ProductDto): FormValues => ({
  title: p.title,
  description: p.description,
  category: p.category,
  brand: p.brand,
  price: String(p.price),
  salePrice: p.salePrice == null ? '' : String(p.salePrice),
  discount: String(p.discount),
  totalStock: String(p.totalStock),
});

/** The current stock figure of a 409 STALE_STOCK answer, else undefined. */
function staleStock(err: unknown): number | undefined {
  if (errorCode(err) !== 'STALE_STOCK') return undefined;
  const current = toApiError(err).details?.currentStock;
  return typeof current === 'number' ? current : undefined;
}

export interface ProductFormProps {
  /** edit mode when set */
  product?: ProductDto | null;
  endpoints: Pick<ProductEndpoints, 'add' | 'edit'>;
  onSaved: () => void;
  /** the image upload call (defaults to POST /api/admin/products/upload-image) */
  upload?: UploadImage;
}

export function ProductForm({ product, endpoints, onSaved, upload }: ProductFormProps) {
  const editing = Boolean(product);
  const [values, setValues] = useState<FormValues>(() => (product ? fromProduct(product) : EMPTY));
  const [images, setImages] = useState<string[]>(() =>
    product ? (product.images.length ? product.images.map((i) => i.url) : [product.image]) : [],
  );
  const [errors, setErrors] = useState<FormErrors>({});
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  // the stock figure this form was loaded with: the server refuses a changed figure once stock moved since
  // (409 STALE_STOCK, docs/orders-and-stock.md)
  const [stockLoaded, setStockLoaded] = useState(product?.totalStock);

  const set = (name: FieldName) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    setErrors((er) => ({ ...er, [name]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (uploading) {
      toast.warn('Please wait for image upload to complete.');
      return;
    }
    const parsed = productInputSchema.safeParse({
      ...values,
      image: images[0],
      images: images.length ? images : undefined,
      stockLoaded,
    });
    if (!parsed.success) {
      const next: FormErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof FormErrors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setSaving(true);
    try {
      const input: ProductInput = parsed.data;
      const answer = product ? await endpoints.edit(product._id, input) : await endpoints.add(input);
      toast.success(
        product ? (answer.message ?? 'Product updated successfully!') : 'Product added Successfully!',
      );
      onSaved();
    } catch (err) {
      const currentStock = staleStock(err);
      if (currentStock !== undefined) {
        // stock moved (orders placed or paid) since the form was loaded: show the figure now, keep what was typed
        setStockLoaded(currentStock);
        setErrors((er) => ({
          ...er,
          totalStock: `Stock changed while you were editing: it is now ${currentStock}. Check the figure and save again.`,
        }));
      }
      toast.error(errorMessage(err, product ? 'Product update failed' : 'Product add failed'));
    } finally {
      setSaving(false);
    }
  }

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
          setImages(urls);
          setErrors((er) => ({ ...er, image: undefined, images: undefined }));
        }}
        onUploadingChange={setUploading}
        error={errors.images ?? errors.image}
        upload={upload}
      />
      <Input
        label="Title"
        name="title"
        required
        value={values.title}
        onChange={set('title')}
        error={errors.title}
      />
      <Textarea
        label="Description"
        name="description"
        required
        rows={4}
        value={values.description}
        onChange={set('description')}
        error={errors.description}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Category"
          name="category"
          required
          options={CATEGORY_OPTIONS}
          value={values.category}
          onChange={set('category')}
          error={errors.category}
        />
        <Select
          label="Brand"
          name="brand"
          required
          options={BRAND_OPTIONS}
          value={values.brand}
          onChange={set('brand')}
          error={errors.brand}
        />
        <Input
          label="Price (₹)"
          name="price"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          required
          value={values.price}
          onChange={set('price')}
          error={errors.price}
        />
        <Input
          label="Sale Price (₹)"
          name="salePrice"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          hint="Optional"
          value={values.salePrice}
          onChange={set('salePrice')}
          error={errors.salePrice}
        />
        <Input
          label="Discount (%)"
          name="discount"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step="1"
          value={values.discount}
          onChange={set('discount')}
          error={errors.discount}
        />
        <Input
          label="Total Stock"
          name="totalStock"
          type="number"
          inputMode="numeric"
          min={0}
          step="1"
          required
          value={values.totalStock}
          onChange={set('totalStock')}
          error={errors.totalStock}
        />
      </div>
      <Button type="submit" size="lg" loading={saving} disabled={uploading} className="w-full">
        {editing ? 'Update Product' : 'Add Product'}
      </Button>
    </form>
  );
}
