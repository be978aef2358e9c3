import { useDeferredValue } from 'react';
import { Link } from 'react-router-dom';
import { CATEGORIES } from '@mp/shared/constants';
import type { ProductDto } from '@mp/shared';
import { ProductCard, ProductCardSkeleton } from '../../../features/shop/product-card';
import { useBannersQuery, useHomeQuery } from '../../../features/shop/products-api';
import { LIMITS } from '@mp/shared/constants';
import { BannerCarousel } from './banner-carousel';
import { CategoryIcon } from './category-icon';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { BELOW_FOLD } from '../../../components/ui';
import { cn } from '../../../components/ui';
import { OfferBanner } from '../../../features/coupons/offers';

/**
 * Where each section's "View All" goes: the listing with that section's own filter and sort in the URL, so the
 * filters stored from an earlier listing visit never replace them (listing-filters.ts restores only a bare URL).
 */
const VIEW_ALL: Record<string, string> = {
  'Best Deals': '/shop/listing?sortBy=price-lowtohigh',
  'Top Offers on Electronics': '/shop/listing?category=electronics&sortBy=price-lowtohigh',
  'Best Discount For You': '/shop/listing?sortBy=price-lowtohigh',
  'Top Selection': '/shop/listing?sortBy=price-lowtohigh',
};

function ViewAll({ title }: { title: string }) {
  return (
    <Link
      to={VIEW_ALL[title] ?? '/shop/listing'}
      className="inline-flex items-center text-sm font-semibold text-brand-700 hover:underline max-lg:min-h-11 max-lg:px-2"
    >
      View All <span className="sr-only">{title}</span>
    </Link>
  );
}

function Row({
  title,
  products,
  loading,
  belowFold,
}: {
  title: string;
  products: ProductDto[];
  loading: boolean;
  belowFold?: boolean;
}) {
  return (
    <section
      aria-labelledby={`row-${title}`}
      className={cn(
        'rounded-xl bg-white p-4 shadow-sm',
        belowFold && `${BELOW_FOLD} [contain-intrinsic-size:auto_400px]`,
      )}
    >
      <div className="mb-3 flex items-center justify-between">
        <h2 id={`row-${title}`} className="text-lg font-bold text-gray-900">
          {title}
        </h2>
        <ViewAll title={title} />
      </div>
      <div
        className="-mx-1 flex snap-x gap-3 overflow-x-auto px-1 pb-2"
        tabIndex={0}
        aria-label={`${title} products`}
        role="region"
      >
        {loading
          ? Array.from({ length: 5 }, (_, i) => (
              <div key={i} className="w-44 shrink-0 sm:w-52">
                <ProductCardSkeleton />
              </div>
            ))
          : products.map((p, i) => (
              <div
                key={p._id}
                // cards past the first screen's width skip layout and paint until scrolled to
                className={cn(
                  'w-44 shrink-0 snap-start sm:w-52',
                  i >= 2 && `${BELOW_FOLD} [contain-intrinsic-size:auto_11rem_20rem]`,
                )}
              >
                <ProductCard product={p} />
              </div>
            ))}
        {!loading && products.length === 0 && <p className="py-6 text-sm text-gray-500">No products found</p>}
      </div>
    </section>
  );
}

function Grid({ title, products, loading }: { title: string; products: ProductDto[]; loading: boolean }) {
  const id = `grid-${title.replace(/\s+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      // min-w-0: while skipped, the section's placeholder size (1000px both ways) must not widen the grid's column
      className={`min-w-0 rounded-xl bg-white p-4 shadow-sm ${BELOW_FOLD} [contain-intrinsic-size:auto_1000px]`}
    >
      <div className="mb-3 flex items-center justify-between">
        <h2 id={id} className="text-lg font-bold text-gray-900">
          {title}
        </h2>
        <ViewAll title={title} />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {loading
          ? Array.from({ length: LIMITS.homeGridShown }, (_, i) => <ProductCardSkeleton key={i} />)
          : products.slice(0, LIMITS.homeGridShown).map((p) => <ProductCard key={p._id} product={p} />)}
      </div>
    </section>
  );
}

export default function HomePage() {
  useDocumentTitle(null);
  // the app shell starts both on a cold load of '/' (alongside the session check); a failed load shows empty rows
  // answers render in a transition, so building the page never blocks the phone (docs/performance.md)
  const homeQuery = useHomeQuery();
  const home = useDeferredValue(homeQuery.data);
  const loading = !home && (homeQuery.isLoading || homeQuery.data !== undefined);
  const bannersQuery = useBannersQuery();
  const banners = useDeferredValue(bannersQuery.data);
  const bannersLoading = !banners && (bannersQuery.isLoading || bannersQuery.data !== undefined);
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-4">
      <h1 className="sr-only">Haat Marketplace</h1>
      <nav aria-label="Categories" className="rounded-xl bg-white p-3 shadow-sm">
        <ul className="flex gap-2 overflow-x-auto lg:grid lg:grid-cols-9">
          {CATEGORIES.map((c) => (
            <li key={c.id} className="shrink-0">
              <Link
                to={`/shop/listing?category=${c.id}`}
                className="flex w-20 flex-col items-center gap-1 rounded-lg p-2 text-center text-xs font-medium text-gray-800 hover:bg-brand-50 lg:w-full"
              >
                <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                  <CategoryIcon id={c.id} />
                </span>
                {c.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <BannerCarousel banners={banners ?? []} loading={bannersLoading} />
      <OfferBanner />
      <Row title="Best Deals" products={home?.bestDeals ?? []} loading={loading} />
      <Row
        title="Top Offers on Electronics"
        products={home?.electronicsOffers ?? []}
        loading={loading}
        belowFold
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Grid title="Best Discount For You" products={home?.topDiscounts ?? []} loading={loading} />
        <Grid title="Top Selection" products={home?.topSelection ?? []} loading={loading} />
      </div>
    </div>
  );
}
