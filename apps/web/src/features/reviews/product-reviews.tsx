/**
 * A product's reviews and the form to add one. The product page passes the list it already reads
 * (for the average and count); the section sits below the first screen, so the browser skips its layout until it
 * comes near (docs/performance.md).
 */
import type { ReviewDto } from '@mp/shared';
import { BELOW_FOLD, Badge, LoadingRegion, Skeleton } from '../../components/ui';
import { ReviewForm } from './review-form';
import { Stars } from './star-rating';

export function ProductReviews({
  productId,
  reviews,
  loading,
}: {
  productId: string;
  reviews: ReviewDto[];
  loading: boolean;
}) {
  return (
    <section
      aria-labelledby="reviews-title"
      className={`mt-10 grid gap-6 lg:grid-cols-[1fr_380px] ${BELOW_FOLD} [contain-intrinsic-size:auto_600px]`}
    >
      <div>
        <h2 id="reviews-title" className="mb-3 text-lg font-bold text-gray-900">
          Customer Reviews
        </h2>
        {loading && reviews.length === 0 ? (
          <LoadingRegion label="Loading reviews" className="space-y-3" repeat={2}>
            <Skeleton className="h-16 w-full" />
          </LoadingRegion>
        ) : reviews.length === 0 ? (
          <p className="text-sm text-gray-600">No reviews yet. Be the first to review this product.</p>
        ) : (
          <ul className="space-y-3">
            {reviews.map((r) => (
              <li key={r._id} className="rounded-xl border border-gray-200 bg-white p-4">
                <div className="flex items-center gap-3">
                  <span
                    aria-hidden
                    className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-50 font-bold uppercase text-brand-700"
                  >
                    {r.username.charAt(0)}
                  </span>
                  <div>
                    <p className="text-sm font-semibold text-gray-900">{r.username}</p>
                    <Stars value={r.reviewVal} size={14} />
                  </div>
                  {r.verifiedPurchase && (
                    <Badge tone="green" className="ml-auto">
                      Verified purchase
                    </Badge>
                  )}
                </div>
                <p className="mt-2 text-sm text-gray-700">{r.reviewMessage}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ReviewForm productId={productId} />
    </section>
  );
}
