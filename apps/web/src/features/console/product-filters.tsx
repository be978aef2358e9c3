/**
 * The consoles' product toolbar: title search (after a short pause, from 2 characters), category, brand and
 * (admin) store filters, and the pager under the grid. Every change but paging starts again at page 1.
 */
import { useEffect, useState } from 'react';
import { CATEGORIES, type Pagination } from '@mp/shared';
import { Button, Input, Select } from '../../components/ui';
import { useBrandsQuery } from '../shop/brands-api';
import type { ConsoleProductFilters } from './console-products-api';

const SEARCH_PAUSE_MS = 300;

export function ProductFilters({
  value,
  onChange,
  stores,
}: {
  value: ConsoleProductFilters;
  onChange: (next: ConsoleProductFilters) => void;
  /** admin: the stores to filter by */
  stores?: { value: string; label: string }[];
}) {
  const brands = useBrandsQuery().data ?? [];
  const [text, setText] = useState(value.q);
  useEffect(() => setText(value.q), [value.q]);
  useEffect(() => {
    if (text === value.q) return;
    const t = setTimeout(() => onChange({ ...value, q: text, page: 1 }), SEARCH_PAUSE_MS);
    return () => clearTimeout(t);
  }, [text, value, onChange]);
  const set = (field: 'category' | 'brand' | 'sellerId') => (v: string) =>
    onChange({ ...value, [field]: v, page: 1 });
  const any = value.q || value.category || value.brand || value.sellerId;
  return (
    <div
      role="search"
      aria-label="Filter products"
      className="mb-5 grid gap-3 rounded-xl border border-gray-200 bg-white p-3 shadow-sm sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
    >
      <Input
        label="Search products"
        type="search"
        value={text}
        placeholder="Title, at least 2 letters"
        onChange={(e) => setText(e.target.value)}
      />
      <Select
        label="Category"
        value={value.category}
        placeholder="All categories"
        options={CATEGORIES.map((c) => ({ value: c.id, label: c.label }))}
        onChange={(e) => set('category')(e.target.value)}
      />
      <Select
        label="Brand"
        value={value.brand}
        placeholder="All brands"
        options={brands.map((b) => ({ value: b.id, label: b.label }))}
        onChange={(e) => set('brand')(e.target.value)}
      />
      {stores && (
        <Select
          label="Store"
          value={value.sellerId}
          placeholder="All stores"
          options={stores}
          onChange={(e) => set('sellerId')(e.target.value)}
        />
      )}
      {any && (
        <Button
          variant="ghost"
          onClick={() => {
            setText('');
            onChange({ q: '', category: '', brand: '', sellerId: '', page: 1 });
          }}
        >
          Clear filters
        </Button>
      )}
    </div>
  );
}

export function Pager({ pagination, onPage }: { pagination: Pagination; onPage: (page: number) => void }) {
  if (pagination.pages <= 1) return null;
  return (
    <nav aria-label="Product pages" className="mt-6 flex items-center justify-center gap-3">
      <Button variant="outline" disabled={pagination.page <= 1} onClick={() => onPage(pagination.page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-gray-700" aria-current="page">
        Page {pagination.page} of {pagination.pages}
      </span>
      <Button
        variant="outline"
        disabled={pagination.page >= pagination.pages}
        onClick={() => onPage(pagination.page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
