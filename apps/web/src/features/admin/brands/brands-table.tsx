/**
 * The admin's brand list: pending brands first (accept, or map to a brand), then every brand with its product
 * count (rename, hide/show, merge). Plain buttons in a table: keyboard accessible as they are.
 */
import type { AdminBrandDto } from '@mp/shared';
import {
  Badge,
  Button,
  DataTable,
  EmptyState,
  LoadingRegion,
  Skeleton,
  LoadFailed,
} from '../../../components/ui';
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
        repeat={6}
      >
        <Skeleton className="h-6 w-full" />
      </LoadingRegion>
    );
  }
  if (failed) {
    return <LoadFailed title="The brands could not be loaded." onRetry={onRetry} retryVariant="outline" />;
  }
  if (brands.length === 0)
    return <EmptyState icon={<BoxIcon className="h-10 w-10" />} title="No brands yet." />;
  return (
    <DataTable
      rows={brands}
      rowKey={(b) => b.id}
      look="card"
      tableClassName="min-w-[640px]"
      columns={[
        {
          header: 'Brand',
          rowHeader: true,
          className: 'font-medium text-gray-900',
          cell: (b) => (
            <>
              {b.label} <span className="font-normal text-gray-500">({b.id})</span>
            </>
          ),
        },
        { header: 'Status', cell: (b) => <Badge tone={STATUS_TONE[b.status]}>{b.status}</Badge> },
        {
          header: 'Products',
          headClassName: 'text-right',
          className: 'text-right tabular-nums',
          cell: (b) => b.productCount,
        },
        {
          header: 'Actions',
          hideHeader: true,
          cell: (b) => <Actions brand={b} onAction={(a) => onAction(b, a)} />,
        },
      ]}
    />
  );
}
