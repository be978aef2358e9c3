/**
 * A console products page: heading, '+ Add Product', the grid, and the product panel (a right-side 500px slide-in
 * panel for the admin, a popup for the seller). Lists come from the console's queries; writes go through endpoints and invalidate them.
 */
import { useState, type ReactNode } from 'react';
import { toast } from '../../lib/toast';
import type { ProductDto } from '@mp/shared';
import { Button, Drawer, Modal, cn } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import type { ProductEndpoints } from './catalog-api';
import { useBrandLabel, useListedBrands } from '../shop/brands-api';
import { ProductForm } from './product-form';
import { ProductGrid } from './product-grid';

export interface ProductsManagerProps {
  heading: string;
  products: ProductDto[];
  loading: boolean;
  endpoints: ProductEndpoints;
  panel: 'drawer' | 'modal';
  /** the seller's '+ Add Product' button stays fixed at the bottom-right corner */
  fixedAddButton?: boolean;
  /** how many products match (all pages); default: the products shown */
  total?: number;
  /** search and filters, above the grid */
  toolbar?: ReactNode;
  /** the pager, under the grid */
  footer?: ReactNode;
}

type PanelState = { open: false } | { open: true; product: ProductDto | null };

export function ProductsManager({
  heading,
  products,
  loading,
  endpoints,
  panel,
  fixedAddButton,
  total = products.length,
  toolbar,
  footer,
}: ProductsManagerProps) {
  const [state, setState] = useState<PanelState>({ open: false });
  const brands = useListedBrands();
  const brandLabel = useBrandLabel();
  const close = () => setState({ open: false });
  const editing = state.open && state.product !== null;
  const title = editing ? 'Edit Product' : 'Add New Product';
  const form = state.open && (
    <ProductForm
      // a fresh form per opening: add mode starts empty, edit mode starts from the product
      key={state.product?._id ?? 'new'}
      product={state.product}
      endpoints={endpoints}
      onSaved={close}
      brands={brands}
    />
  );

  async function remove(p: ProductDto) {
    try {
      const answer = await endpoints.remove(p._id);
      toast.success(answer.message ?? 'Product deleted successfully!');
    } catch (err) {
      toast.error(errorMessage(err, 'Product delete failed'));
    }
  }

  return (
    <section aria-labelledby="products-heading" className={cn(fixedAddButton && 'pb-20')}>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="products-heading" className="text-2xl font-bold tracking-tight text-gray-900">
            {heading}
          </h1>
          {!loading && (
            <p className="text-sm text-gray-600">
              {total} {total === 1 ? 'product' : 'products'}
            </p>
          )}
        </div>
        <Button
          onClick={() => setState({ open: true, product: null })}
          size={fixedAddButton ? 'lg' : 'md'}
          className={cn(fixedAddButton && 'fixed bottom-6 right-6 z-20 shadow-lg')}
        >
          + Add Product
        </Button>
      </div>
      {toolbar}
      {/* the cards' titles are h3: this keeps the heading order (h1 → h2 → h3) */}
      <h2 className="sr-only">Products</h2>
      <ProductGrid
        products={products}
        loading={loading}
        brandLabel={brandLabel}
        onEdit={(product) => setState({ open: true, product })}
        onDelete={remove}
      />
      {footer}
      {panel === 'drawer' ? (
        <Drawer open={state.open} onClose={close} title={title} side="right" widthClass="w-[500px]">
          {form}
        </Drawer>
      ) : (
        <Modal open={state.open} onClose={close} title={title} size="lg">
          {form}
        </Modal>
      )}
    </section>
  );
}
