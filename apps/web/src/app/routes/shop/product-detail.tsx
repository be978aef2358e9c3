import { useDeferredValue, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { categoryLabel } from '@mp/shared/constants';
import { pageTitle, productPageTitle } from '@mp/shared/seo';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Badge, Button, EmptyState, LoadingRegion, Price, Skeleton, Skeletons } from '../../../components/ui';
import { useLoginPrompt } from '../../../features/auth/use-login-prompt';
import { useAddToCartMutation } from '../../../features/cart/cart-api';
import { buyNowPath } from '../../../features/orders/buy-now';
import { ProductReviews } from '../../../features/reviews/product-reviews';
import { averageRating, useListReviewsQuery } from '../../../features/reviews/reviews-api';
import { Stars } from '../../../features/reviews/star-rating';
import { ProductBadges } from '../../../features/shop/product-card';
import { ProductFacts } from '../../../features/shop/product-facts';
import { PinCheck } from '../../../features/delivery/pin-check';
import { ProductGallery } from '../../../features/shop/product-gallery';
import { useBrandLabel } from '../../../features/shop/brands-api';
import { firstChoice, VariantPicker } from '../../../features/shop/variant-picker';
import { variantWith } from '@mp/shared/variants';
import { useGetProductQuery } from '../../../features/shop/products-api';
import { errorMessage } from '../../../lib/api';
import { WishlistHeart } from '../../../features/wishlist/wishlist-heart';
import { OfferBadge } from '../../../features/coupons/offers';

export default function ProductDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const requireLogin = useLoginPrompt();
  const details = useGetProductQuery(id);
  const brandLabel = useBrandLabel();
  // the answer renders in a transition, so building the page never blocks the phone (docs/performance.md)
  const product = useDeferredValue(details.data ?? null);
  const detailsLoading = details.isFetching || product !== (details.data ?? null);
  const detailsError = details.isError;
  const reviewsQuery = useListReviewsQuery(id);
  const reviews = {
    productId: reviewsQuery.currentData ? id : null,
    list: reviewsQuery.currentData ?? [],
    isLoading: reviewsQuery.isFetching,
  };
  const [addToCart] = useAddToCartMutation();
  const [adding, setAdding] = useState<'cart' | 'buy' | null>(null);
  // the options chosen on this product's page (a new product starts from its first variant in stock)
  const [picked, setPicked] = useState<{ id: string; values: (string | null)[] } | null>(null);
  const showReviews = useDeferredValue(true, false);
  useDocumentTitle(
    product && product._id === id
      ? productPageTitle({ ...product, brandName: brandLabel(product.brand) })
      : pageTitle(detailsError ? 'Product not found' : 'Loading product'),
    { full: true },
  );

  if (detailsError && !product) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <EmptyState
          title="Product not found"
          description="It may have been removed by the seller."
          action={
            <Link className="font-semibold text-brand-700 hover:underline" to="/shop/listing">
              Browse products
            </Link>
          }
        />
      </div>
    );
  }
  if (!product || (detailsLoading && product._id !== id)) {
    return (
      <LoadingRegion
        label="Loading product"
        className="mx-auto grid max-w-7xl gap-8 px-4 py-6 lg:grid-cols-2"
      >
        <Skeleton className="aspect-square w-full rounded-xl" />
        <Skeletons className="space-y-4" sizes={['h-8 w-3/4', 'h-4 w-1/3', 'h-10 w-1/2', 'h-24 w-full']} />
      </LoadingRegion>
    );
  }

  const hasOptions = product.options.length > 0;
  const chosen = picked?.id === product._id ? picked.values : firstChoice(product.options, product.variants);
  const variant = hasOptions ? variantWith(product.variants, chosen) : product.variants[0];
  const stock = hasOptions ? (variant?.stock ?? 0) : product.totalStock;
  const outOfStock = stock <= 0;
  const shown = variant ?? product;
  const images = variant?.images.length
    ? variant.images
    : product.images.length
      ? product.images.map((i) => i.url)
      : [product.image];
  const avg =
    reviews.productId === id && reviews.list.length ? averageRating(reviews.list) : product.averageReview;
  const count = reviews.productId === id ? reviews.list.length : product.reviewCount;

  const add = async (mode: 'cart' | 'buy') => {
    const user = requireLogin('Please login to continue.');
    if (!user) return;
    // buy now orders this product alone; the cart is left as it is (docs/orders-and-stock.md)
    if (mode === 'buy') {
      navigate(buyNowPath(product._id, 1, hasOptions ? variant?._id : undefined));
      return;
    }
    setAdding(mode);
    const r = await addToCart({
      userId: user.id,
      productId: product._id,
      ...(hasOptions && variant ? { variantId: variant._id } : {}),
      quantity: 1,
      discount: product.discount,
    });
    setAdding(null);
    if (!r.error) toast.success('Product added Successfully!');
    else toast.error(errorMessage(r.error, 'Failed to add to cart.'));
  };

  return (
    <div className="mx-auto max-w-7xl px-4 pb-24 pt-6 sm:pb-6">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-gray-600">
        <Link to="/" className="hover:underline">
          Home
        </Link>{' '}
        /{' '}
        <Link to={`/shop/listing?category=${product.category}`} className="hover:underline">
          {categoryLabel(product.category)}
        </Link>
      </nav>
      <div className="grid gap-8 lg:grid-cols-2">
        <div className="self-start">
          <ProductGallery
            images={images}
            title={product.title}
            overlay={
              <>
                <ProductBadges
                  product={product}
                  className="absolute left-3 top-3 flex flex-col items-start gap-1"
                />
                <WishlistHeart
                  productId={product._id}
                  title={product.title}
                  className="absolute right-3 top-3"
                />
              </>
            }
          />
        </div>
        <div className="space-y-4">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
              {brandLabel(product.brand)}
            </p>
            <h1 className="mt-1 text-2xl font-bold text-gray-900 sm:text-3xl">{product.title}</h1>
            <p className="mt-1 text-sm text-gray-600">Category: {categoryLabel(product.category)}</p>
          </div>
          {count > 0 ? (
            <div className="flex items-center gap-2">
              <Badge tone="green" className="gap-1">
                {avg.toFixed(1)} ★
              </Badge>
              <Stars value={avg} />
              <span className="text-sm text-gray-600">
                ({count} {count === 1 ? 'review' : 'reviews'})
              </span>
            </div>
          ) : (
            // no rating to show: "0.0 ★" would read as a bad one (docs/web.md, "Ratings")
            <p className="text-sm text-gray-600">No reviews yet</p>
          )}
          <Price
            price={shown.price}
            salePrice={shown.salePrice}
            discount={shown.discount}
            size="lg"
            detailed
          />
          <OfferBadge product={product} />
          {hasOptions && (
            <VariantPicker
              productId={product._id}
              options={product.options}
              variants={product.variants}
              chosen={chosen}
              onChange={(values) => setPicked({ id: product._id, values })}
            />
          )}
          <p className="text-sm text-gray-700" data-testid="stock-line">
            {hasOptions && !variant ? (
              <span className="font-semibold text-gray-900">
                Choose {product.options.map((o) => o.name).join(' and ')}
              </span>
            ) : outOfStock ? (
              <span className="font-semibold text-red-700">Out Of Stock</span>
            ) : (
              <>
                Available stock: <span className="font-semibold">{stock}</span>
              </>
            )}
          </p>
          <PinCheck productId={product._id} />
          <ProductFacts product={product} />
          {/* at phone widths the buy buttons stay in reach at the bottom of the screen (≥ 44 px targets) */}
          <div
            data-testid="buy-bar"
            className="fixed inset-x-0 bottom-0 z-30 flex gap-3 border-t border-gray-200 bg-white/95 p-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur sm:static sm:z-auto sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none sm:backdrop-blur-none"
          >
            <Button
              size="lg"
              variant="accent"
              className="flex-1"
              disabled={outOfStock}
              loading={adding === 'cart'}
              onClick={() => add('cart')}
            >
              ADD TO CART
            </Button>
            <Button
              size="lg"
              className="flex-1"
              disabled={outOfStock}
              loading={adding === 'buy'}
              onClick={() => add('buy')}
            >
              BUY NOW
            </Button>
          </div>
          <section aria-labelledby="desc-title" className="rounded-xl border border-gray-200 bg-white p-4">
            <h2 id="desc-title" className="mb-2 text-base font-semibold text-gray-900">
              Description
            </h2>
            <p className="whitespace-pre-line text-sm leading-6 text-gray-700">{product.description}</p>
          </section>
        </div>
      </div>
      {/* below the first screen: drawn in a second, deferred pass, after the product itself (docs/performance.md) */}
      {showReviews && (
        <ProductReviews productId={product._id} reviews={reviews.list} loading={reviews.isLoading} />
      )}
    </div>
  );
}
