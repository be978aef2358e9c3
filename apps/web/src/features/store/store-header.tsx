/** A store page's header: banner, logo, name, rating stars, "Seller since <month year>", product count. */
import type { StoreDto } from '@mp/shared';
import { BANNER_SIZES_ATTR } from '@mp/shared/images';
import { sellerSinceText } from '@mp/shared/seo';
import { ProductImage, Skeleton } from '../../components/ui';
import { Stars } from '../reviews/star-rating';

export function StoreHeader({ store }: { store: StoreDto }) {
  const reviews = store.reviewCount;
  return (
    <header className="mb-6 overflow-hidden rounded-xl bg-white shadow-sm" data-testid="store-header">
      {store.banner ? (
        <ProductImage
          src={store.banner}
          alt={`${store.storeName} banner`}
          width={1280}
          height={320}
          sizes={BANNER_SIZES_ATTR}
          priority
          className="block aspect-[3/1] w-full object-cover sm:aspect-[5/1]"
        />
      ) : (
        <div aria-hidden className="aspect-[8/1] w-full bg-gradient-to-r from-brand-600 to-brand-400" />
      )}
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-end sm:gap-5">
        <div className="-mt-12 h-20 w-20 shrink-0 overflow-hidden rounded-full border-4 border-white bg-white shadow sm:-mt-14 sm:h-24 sm:w-24">
          {store.logo ? (
            <ProductImage
              src={store.logo}
              alt={`${store.storeName} logo`}
              width={96}
              height={96}
              priority
              className="h-full w-full object-cover"
            />
          ) : (
            <span
              aria-hidden
              className="flex h-full w-full items-center justify-center bg-brand-50 text-3xl font-bold text-brand-700"
            >
              {store.storeName.slice(0, 1).toUpperCase()}
            </span>
          )}
        </div>
        <div className="min-w-0">
          <h1 className="break-words text-xl font-bold text-gray-900 sm:text-2xl">{store.storeName}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-600">
            {reviews > 0 ? (
              <span className="inline-flex items-center gap-1" data-testid="store-rating">
                <Stars value={store.averageReview} />
                <span className="font-semibold text-gray-900">{store.averageReview.toFixed(1)}</span>
                <span>
                  ({reviews} {reviews === 1 ? 'review' : 'reviews'})
                </span>
              </span>
            ) : (
              <span data-testid="store-rating">No reviews yet</span>
            )}
            <span>{sellerSinceText(store.sellerSince)}</span>
            <span>
              {store.productCount} {store.productCount === 1 ? 'product' : 'products'}
            </span>
          </p>
        </div>
      </div>
    </header>
  );
}

export function StoreHeaderSkeleton() {
  return (
    <div className="mb-6 overflow-hidden rounded-xl bg-white shadow-sm" aria-hidden>
      <Skeleton className="aspect-[8/1] w-full" />
      <div className="flex items-end gap-4 p-4">
        <Skeleton className="-mt-12 h-20 w-20 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      </div>
    </div>
  );
}
