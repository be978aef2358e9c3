import { Link, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../hooks';
import { CartIcon } from '../../../components/icons';
import { Button, buttonClass, EmptyState, LoadingRegion, Skeleton } from '../../../components/ui';
import { useGetCartQuery } from '../../../features/cart/cart-api';
import { CartLine } from '../../../features/cart/cart-line';
import { cartTotals, payableLines, PriceSummary } from '../../../features/cart/price-summary';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CartCoupons } from '../../../features/coupons/cart-coupons';
import { useListAddressesQuery } from '../../../features/addresses/address-api';
import {
  quotedTotals,
  SellerDeliveries,
  useCartDeliveryQuote,
} from '../../../features/delivery/delivery-quote';

/** The cart page with nothing to show: signed out, or no items yet; one link onwards. */
function EmptyCart({
  title,
  description,
  to,
  action,
}: {
  title: string;
  description: string;
  to: string;
  action: string;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="sr-only">Cart</h1>
      <EmptyState
        icon={<CartIcon width={56} height={56} />}
        title={title}
        description={description}
        action={
          <Link to={to} className={buttonClass('primary', 'lg')}>
            {action}
          </Link>
        }
      />
    </div>
  );
}

export default function CartPage() {
  useDocumentTitle('Your cart');
  const { user, isAuthenticated } = useAppSelector((s) => s.auth);
  const signedIn = isAuthenticated && user;
  const { data: cart = null, isLoading } = useGetCartQuery(user?.id ?? '', { skip: !signedIn });
  // delivery per seller once a PIN code is known: the default address's (docs/delivery.md, "Checkout")
  const { data: addresses = [] } = useListAddressesQuery(user?.id ?? '', { skip: !signedIn });
  const home = addresses.find((a) => a.isDefault) ?? addresses[0];
  const quote = useCartDeliveryQuote(cart && cart.items.length > 0 ? home?._id : null);
  const navigate = useNavigate();

  if (!isAuthenticated || !user) {
    return (
      <EmptyCart
        title="Missing Cart items?"
        description="Login to see the items you added previously"
        to="/auth/login"
        action="Login"
      />
    );
  }
  const items = cart?.items ?? [];
  if (isLoading && !cart) {
    return (
      <LoadingRegion label="Loading cart" className="mx-auto max-w-7xl space-y-3 px-4 py-6">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-32 w-full" />
      </LoadingRegion>
    );
  }
  if (items.length === 0) {
    return (
      <EmptyCart
        title="Your cart is empty!"
        description="Add items to it now."
        to="/shop/listing"
        action="Shop now"
      />
    );
  }
  const totals = quotedTotals(quote, cartTotals(cart));
  const blocked = items.every((i) => i.available === false);
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 lg:grid-cols-[1fr_360px]">
      <section aria-labelledby="cart-title" className="rounded-xl border border-gray-200 bg-white shadow-sm">
        <h1 id="cart-title" className="border-b border-gray-200 p-4 text-lg font-bold text-gray-900">
          My Cart ({items.length} {items.length === 1 ? 'item' : 'items'})
        </h1>
        <ul>
          {items.map((item) => (
            <CartLine key={item.productId} item={item} userId={user.id} />
          ))}
        </ul>
        <div className="sticky bottom-0 flex justify-end border-t border-gray-200 bg-white p-4 shadow-[0_-2px_8px_rgba(0,0,0,0.06)]">
          <Button size="lg" variant="accent" disabled={blocked} onClick={() => navigate('/shop/checkout')}>
            PLACE ORDER
          </Button>
        </div>
      </section>
      <aside className="self-start lg:sticky lg:top-20">
        <PriceSummary totals={totals} lines={payableLines(cart)}>
          <SellerDeliveries quote={quote} />
          <CartCoupons userId={user.id} coupons={quote?.coupons ?? cart?.coupons ?? []} />
        </PriceSummary>
      </aside>
    </div>
  );
}
