/**
 * The admin's brand list: pending brands first (accept, or map to a brand), then every brand with its product
 * count (rename, hide/show, merge). Plain buttons in a table: keyboard accessible as they are.
 */
import type { AdminBrandDto } from '@mp/shared';
import { Badge, Button, EmptyState, LoadingRegion, Skeleton } from '../../../components/ui';
import { BoxIcon } from '../../console/icons';

export type BrandAction = 'accept' | 'hide' | 'show' | 'rename' | 'merge';

const STATUS_TONE = { active: 'green', hidden: 'gray', pending: 'amber' } as const;

function Actions({ brand, onAction }: { brand: AdminBrandDto; onAction: (a: BrandAction) => void }) {
  if (brand.mergedInto) return <span className="text-gray-600">Merged into {brand.mergedInto}</span>;
  const button = (action: BrandAction, label: string, variant: 'primary' | 'outline' = 'outline') => (
    <Button
      key={action}
      size="sm"
      variant={variant}
      onClick={() => onAction(action)}
      aria-label={`${label} ${brand.label}`}
    >
      {label}
    </Button>
  );
  const buttons =
    brand.status === 'pending'
      ? [button('accept', 'Accept', 'primary'), button('merge', 'Map to…'), button('rename', 'Rename')]
      : [
          button('rename', 'Rename'),
          brand.status === 'active' ? button('hide', 'Hide') : button('show', 'Show'),
          button('merge', 'Merge into…'),
        ];
  return <div className="flex flex-wrap gap-2">{buttons}</div>;
}

export function BrandsTable({
  brands,
  loading,
  failed,
  onRetry,
  onAction,
}: {
  brands: AdminBrandDto[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onAction: (brand: AdminBrandDto, action: BrandAction) => void;
}) {
  if (loading && brands.length === 0) {
    return (
      <LoadingRegion
        label="Loading brands…"
        className="space-y-3 rounded-xl border border-gray-200 bg-white p-4"
      >
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-6 w-full" />
        ))}
      </LoadingRegion>
    );
  }
  if (failed) {
    return (
      <EmptyState
        title="The brands could not be loaded."
        action={
          <Button variant="outline" onClick={onRetry}>
            Try again
          </Button>
        }
      />
    );
  }
  if (brands.length === 0)
    return <EmptyState icon={<BoxIcon className="h-10 w-10" />} title="No brands yet." />;
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm">
      <table className="w-full min-w-[640px] text-left text-sm">
        <thead className="bg-gray-50 text-xs uppercase tracking-wide text-gray-600">
          <tr>
            <th scope="col" className="px-4 py-3">
              Brand
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Products
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {brands.map((b) => (
            <tr key={b.id}>
              <th scope="row" className="px-4 py-3 font-medium text-gray-900">
                {b.label} <span className="font-normal text-gray-500">({b.id})</span>
              </th>
              <td className="px-4 py-3">
                <Badge tone={STATUS_TONE[b.status]}>{b.status}</Badge>
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{b.productCount}</td>
              <td className="px-4 py-3">
                <Actions brand={b} onAction={(a) => onAction(b, a)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
