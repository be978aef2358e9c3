/** Admin brands (docs/search-and-listing.md, "Brands"): add, rename, hide, accept, merge or map. */
import { useState, type FormEvent } from 'react';
import type { AdminBrandDto, BrandUpdateInput } from '@mp/shared';
import { Button, Input } from '../../../components/ui';
import { BrandChangeDialog, type BrandDialog } from '../../../features/admin/brands/brand-change-dialog';
import { BrandsTable, type BrandAction } from '../../../features/admin/brands/brands-table';
import { isLoading, remoteOf } from '../../../features/console/remote';
import {
  useAddBrandMutation,
  useAdminBrandsQuery,
  useUpdateBrandMutation,
} from '../../../features/shop/brands-api';
import { errorCode, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { ConsolePage } from '../../../features/console/console-page';

const DONE: Record<BrandAction, string> = {
  accept: 'Brand accepted: its products are in the shop',
  hide: 'Brand hidden',
  show: 'Brand shown',
  rename: 'Brand renamed',
  merge: 'Brand merged',
};

function AddBrandForm() {
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [addBrand, { isLoading: adding }] = useAddBrandMutation();
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!label.trim()) return setError('Brand is required');
    const result = await addBrand(label.trim());
    if (result.error) {
      return setError(
        errorCode(result.error) === 'BRAND_EXISTS'
          ? 'A brand with this name already exists'
          : errorMessage(result.error, 'The brand could not be added'),
      );
    }
    toast.success('Brand added');
    setLabel('');
    setError(undefined);
  }
  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="flex flex-wrap items-end gap-3"
      aria-label="Add brand"
    >
      <Input
        label="New brand"
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        error={error}
        wrapperClassName="min-w-[240px] flex-1"
      />
      <Button type="submit" loading={adding}>
        Add brand
      </Button>
    </form>
  );
}

export default function AdminBrandsPage() {
  const query = useAdminBrandsQuery(undefined, { refetchOnMountOrArgChange: true });
  const brands = remoteOf(query, []);
  const [updateBrand] = useUpdateBrandMutation();
  const [dialog, setDialog] = useState<BrandDialog>(null);

  async function change(brand: AdminBrandDto, input: BrandUpdateInput, action: BrandAction) {
    const result = await updateBrand({ id: brand.id, change: input });
    if (result.error) throw result.error;
    toast.success(DONE[action]);
  }
  function act(brand: AdminBrandDto, action: BrandAction) {
    if (action === 'rename' || action === 'merge') return setDialog({ kind: action, brand });
    const status = action === 'hide' ? 'hidden' : 'active';
    change(brand, { status }, action).catch((err: unknown) =>
      toast.error(errorMessage(err, 'The brand could not be changed')),
    );
  }

  return (
    <ConsolePage title="Brands – Admin" heading="Brands">
      <AddBrandForm />
      <BrandsTable
        brands={brands.data}
        loading={isLoading(brands)}
        failed={brands.status === 'failed'}
        onRetry={() => void query.refetch()}
        onAction={act}
      />
      <BrandChangeDialog
        key={dialog ? `${dialog.kind}:${dialog.brand.id}` : 'closed'}
        dialog={dialog}
        targets={brands.data.filter((b) => b.status !== 'pending' && !b.mergedInto)}
        onClose={() => setDialog(null)}
        onChange={(brand, input) => change(brand, input, dialog?.kind ?? 'rename')}
      />
    </ConsolePage>
  );
}
