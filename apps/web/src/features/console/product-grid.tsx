/** The console product grid: cards with Edit and Delete, a skeleton while loading, 'No products found.' when empty. */
import { useState } from 'react';
import { brandLabel as seedBrandLabel, categoryLabel, type ProductDto } from '@mp/shared';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  LoadingRegion,
  Price,
  ProductThumb,
  Skeleton,
  Skeletons,
} from '../../components/ui';
import { BoxIcon } from './icons';

export interface ProductGridProps {
  products: ProductDto[];
  loading: boolean;
  /** a brand id's label (the brands table) */
  brandLabel?: (id: string) => string;
  onEdit: (product: ProductDto) => void;
  /** resolves when the delete finished (the dialog closes then) */
  onDelete: (product: ProductDto) => Promise<void>;
}

export function ProductGrid({
  products,
  loading,
  brandLabel = seedBrandLabel,
  onEdit,
  onDelete,
}: ProductGridProps) {
  const [confirming, setConfirming] = useState<ProductDto | null>(null);

  if (loading && products.length === 0) {
    return (
      <LoadingRegion
        label="Loading products…"
        className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3 2xl:grid-cols-4"
        repeat={8}
      >
        <div className="overflow-hidden rounded-xl border border-gray-200 bg-white">
          <Skeleton className="aspect-[4/3] w-full rounded-none" />
          <Skeletons className="space-y-2 p-4" sizes={['h-4 w-3/4', 'h-3 w-1/3', 'h-5 w-1/2']} />
        </div>
      </LoadingRegion>
    );
  }
  if (products.length === 0) {
    return <EmptyState icon={<BoxIcon className="h-10 w-10" />} title="No products found." />;
  }

  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3 2xl:grid-cols-4" aria-label="Products">
        {products.map((p) => (
          <li
            key={p._id}
            className="flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm"
          >
            <div className="relative">
              <ProductThumb
                item={p}
                size={400}
                height={300}
                sizes="(min-width: 1536px) 20vw, (min-width: 1024px) 25vw, 50vw"
                className="aspect-[4/3] w-full"
              />
              {p.totalStock === 0 ? (
                <span className="absolute left-2 top-2 rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
                  Out Of Stock
                </span>
              ) : (
                p.totalStock < 10 && (
                  <span className="absolute left-2 top-2 rounded-full bg-amber-500 px-2 py-0.5 text-xs font-semibold text-gray-950">
                    Only {p.totalStock} items left
                  </span>
                )
              )}
            </div>
            <div className="flex flex-1 flex-col gap-1.5 p-3 sm:p-4">
              <h3 className="line-clamp-2 text-sm font-semibold text-gray-900">{p.title}</h3>
              <p className="text-xs text-gray-600">
                {brandLabel(p.brand)} · {categoryLabel(p.category)}
              </p>
              {p.brandPending && (
                <p className="text-xs font-medium text-amber-800">
                  Brand pending: shown in the shop once the admin accepts the brand
                </p>
              )}
              <Price price={p.price} salePrice={p.salePrice} discount={p.discount} />
              <p className="text-xs text-gray-500">Stock: {p.totalStock}</p>
              <div className="mt-auto flex flex-wrap gap-2 pt-3">
                {(
                  [
                    ['Edit', 'outline', () => onEdit(p)],
                    ['Delete', 'danger', () => setConfirming(p)],
                  ] as const
                ).map(([label, variant, act]) => (
                  <Button
                    key={label}
                    variant={variant}
                    size="sm"
                    className="flex-1"
                    onClick={act}
                    aria-label={`${label} ${p.title}`}
                  >
                    {label}
                  </Button>
                ))}
              </div>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Delete product?"
        confirmLabel="Delete"
        onConfirm={() => confirming && onDelete(confirming)}
      >
        <p>
          <strong>{confirming?.title}</strong> will be removed from the shop. Orders that already include it
          are kept.
        </p>
      </ConfirmDialog>
    </>
  );
}
