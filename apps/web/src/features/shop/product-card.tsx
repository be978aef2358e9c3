import { Link } from 'react-router-dom';
import { CARD_IMAGE_SIZES } from '@mp/shared/images';
import { stockBadge, unitPrice } from '@mp/shared/pricing';
import { formatINR } from '@mp/shared/money';
import type { ProductDto } from '@mp/shared';
import { StarIcon } from '../../components/icons';
import { Badge, Price, ProductThumb, Skeleton, Skeletons } from '../../components/ui';
import { WishlistHeart } from '../wishlist/wishlist-heart';
import { useBrandLabel } from './brands-api';
import { OfferTag } from '../coupons/offers';

export function ProductBadges({
  product,
  className,
}: {
  product: Pick<ProductDto, 'totalStock' | 'bestSeller'>;
  className?: string;
}) {
  const stock = stockBadge(product.totalStock);
  // worked out by the server from the last 30 days' sales (docs/search-and-listing.md, "Best sellers")
  const best = product.bestSeller;
  if (!stock && !best) return null;
  return (
    <div className={className}>
      {stock && <Badge tone={stock.kind === 'out-of-stock' ? 'red' : 'amber'}>{stock.label}</Badge>}
      {best && <Badge tone="green">Best Seller</Badge>}
    </div>
  );
}

export function ProductCard({ product, priority }: { product: ProductDto; priority?: boolean }) {
  const brandLabel = useBrandLabel();
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition hover:shadow-md">
      <Link
        to={`/product/${product._id}`}
        className="flex flex-1 flex-col focus-visible:outline-offset-[-2px]"
      >
        <div className="relative">
          <ProductThumb
            item={product}
            size={400}
            priority={priority}
            sizes={CARD_IMAGE_SIZES}
            className="aspect-square w-full transition duration-300 group-hover:scale-[1.02]"
          />
          <ProductBadges
            product={product}
            className="absolute left-2 top-2 flex flex-col items-start gap-1"
          />
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3">
          <p className="text-xs font-medium uppercase tracking-wide text-gray-500">
            {brandLabel(product.brand)}
          </p>
          <h3 className="line-clamp-2 text-sm font-semibold text-gray-900">{product.title}</h3>
          {product.reviewCount > 0 && (
            <p className="flex items-center gap-1 text-xs text-gray-600">
              <span className="inline-flex items-center gap-0.5 rounded bg-green-700 px-1.5 py-0.5 font-semibold text-white">
                {product.averageReview.toFixed(1)} <StarIcon filled width={12} height={12} />
              </span>
              <span>({product.reviewCount})</span>
            </p>
          )}
          {product.maxPrice > unitPrice(product) ? (
            // variants at different prices: the range from the cheapest to the dearest (docs/web.md, "Variants")
            <p className="mt-auto pt-1 text-sm font-bold text-gray-900" data-testid="price-range">
              {formatINR(unitPrice(product))} – {formatINR(product.maxPrice)}
            </p>
          ) : (
            <Price
              price={product.price}
              salePrice={product.salePrice}
              discount={product.discount}
              size="sm"
              className="mt-auto pt-1"
            />
          )}
          <OfferTag product={product} />
        </div>
      </Link>
      <WishlistHeart productId={product._id} title={product.title} className="absolute right-2 top-2" />
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border border-gray-200 bg-white">
      <Skeleton className="aspect-square w-full rounded-none" />
      <Skeletons className="space-y-2 p-3" sizes={['h-3 w-16', 'h-4 w-full', 'h-4 w-24']} />
    </div>
  );
}

export function ProductGrid({
  products,
  loading,
  skeletons = 8,
}: {
  products: ProductDto[];
  loading?: boolean;
  skeletons?: number;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4">
      {loading
        ? Array.from({ length: skeletons }, (_, i) => <ProductCardSkeleton key={i} />)
        : products.map((p, i) => <ProductCard key={p._id} product={p} priority={i < 2} />)}
    </div>
  );
}
