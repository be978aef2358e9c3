import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../hooks';
import {
  Button,
  buttonClass,
  EmptyState,
  LoadingRegion,
  Price,
  ProductThumb,
  Skeleton,
} from '../../../components/ui';
import { AddressText } from '../../../features/addresses/address-text';
import { useAddressBook } from '../../../features/addresses/use-address-book';
import { useLogoutMutation } from '../../../features/auth/auth-api';
import { useGetCartQuery } from '../../../features/cart/cart-api';
import { cartTotals, payableLines, PriceSummary } from '../../../features/cart/price-summary';
import { newCheckoutKey, useCreateOrderMutation } from '../../../features/orders/orders-api';
import { STORAGE_KEYS } from '../../../lib/storage';
import { readBuyNow, type BuyNowItem } from '../../../features/orders/buy-now';
import { useGetProductQuery } from '../../../features/shop/products-api';
import type { CartViewDto, CheckoutPaymentMethod, ProductDto, UserDto } from '@mp/shared';
import { computeTotals } from '@mp/shared/pricing';
import { AddAddressPanel, EditAddressForm, isEditing } from '../../../features/addresses/add-address-panel';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PaymentsUnavailableNotice } from '../../../features/shop-config/test-payments-notice';
import { useBusinessInvoice } from '../../../features/tax/business-invoice';
import { useShopConfig } from '../../../features/shop-config/use-shop-config';
import { PaymentMethodPicker } from '../../../features/payments/payment-method-picker';
import {
  quotedTotals,
  SellerDeliveries,
  useCartDeliveryQuote,
} from '../../../features/delivery/delivery-quote';
import { CheckoutCoupons } from '../../../features/coupons/cart-coupons';
import { usePriceChange } from '../../../features/coupons/price-change';

function Step({
  n,
  title,
  children,
  done,
}: {
  n: number;
  title: string;
  children: ReactNode;
  done?: boolean;
}) {
  return (
    <section
      aria-labelledby={`step-${n}`}
      className="overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm"
    >
      <h2
        id={`step-${n}`}
        className="flex items-center gap-3 bg-brand-700 px-4 py-3 text-sm font-bold uppercase tracking-wide text-white"
      >
        <span className="flex h-6 w-6 items-center justify-center rounded bg-white text-xs text-brand-700">
          {n}
        </span>
        {title}
        {done && (
          <span className="ml-1 text-accent-500" aria-label="done">
            ✓
          </span>
        )}
      </h2>
      <div className="p-4">{children}</div>
    </section>
  );
}

/** Redirects the browser to the payment provider's approval page (a full navigation, outside the SPA). */
export const goToApproval = (url: string) => window.location.assign(url);

function DeliveryStep({
  user,
  buyNow,
  blocked,
  onSelect,
  expectedTotal,
}: {
  user: UserDto;
  /** buy now: order this item, not the cart */
  buyNow?: BuyNowItem;
  /** nothing can be ordered (the buy-now item is unavailable, or a seller cannot deliver to the address) */
  blocked?: boolean;
  /** told the chosen address, so the summary can quote delivery to it */
  onSelect?: (addressId: string) => void;
  /** the total the summary shows: the server refuses the order if its own differs (docs/money.md, "Coupons") */
  expectedTotal?: number;
}) {
  const book = useAddressBook(user.id);
  const [selected, setSelected] = useState<string | null>(null);
  const [createOrder, creation] = useCreateOrderMutation();
  const methods = useShopConfig()?.payments.methods ?? [];
  const [method, setMethod] = useState<CheckoutPaymentMethod | null>(null);
  const paymentMethod = method ?? methods[0];
  // stays processing on success: the browser is leaving for the approval page
  const isProcessing = creation.isLoading || creation.isSuccess;
  // one key per checkout attempt: a double click sends the same key; a failed attempt gets a new one
  const checkoutKey = useRef(newCheckoutKey());
  useEffect(() => {
    if (!selected && book.list.length) setSelected((book.list.find((a) => a.isDefault) ?? book.list[0])!._id);
  }, [book.list, selected]);
  useEffect(() => {
    if (selected) onSelect?.(selected);
  }, [selected, onSelect]);

  const business = useBusinessInvoice();
  const priceChange = usePriceChange();
  const deliver = async (addressId: string) => {
    const a = book.list.find((x) => x._id === addressId);
    const invoice = business.valid();
    if (!a || invoice === false) return;
    const r = await createOrder({
      ...invoice,
      idempotencyKey: checkoutKey.current,
      userId: user.id,
      buyNow,
      paymentMethod,
      expectedTotal,
      addressInfo: {
        addressId: a._id,
        address: a.address,
        city: a.city,
        pincode: a.pincode,
        phone: a.phone,
        notes: a.notes,
      },
    });
    // a failed creation only clears the processing state (docs/web.md, "Paying")
    if (r.data) {
      // the payment-return page captures this order
      sessionStorage.setItem(STORAGE_KEYS.currentOrderId, JSON.stringify(r.data.orderId));
      goToApproval(r.data.approvalURL);
    } else {
      checkoutKey.current = newCheckoutKey();
      priceChange.onRefused(r.error);
    }
  };

  if (book.isLoading && !book.loaded) {
    return (
      <LoadingRegion label="Loading addresses" className="space-y-2" repeat={2}>
        <Skeleton className="h-16 w-full" />
      </LoadingRegion>
    );
  }
  return (
    <div className="space-y-3">
      <PaymentsUnavailableNotice />
      {priceChange.notice}
      {paymentMethod && <PaymentMethodPicker methods={methods} value={paymentMethod} onChange={setMethod} />}
      {book.list.length > 0 && (
        <fieldset>
          <legend className="sr-only">Choose a delivery address</legend>
          <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200">
            {book.list.map((a) => (
              <li key={a._id} className={selected === a._id ? 'bg-brand-50/60 p-4' : 'p-4'}>
                {isEditing(book, a) ? (
                  <EditAddressForm book={book} address={a} />
                ) : (
                  <div className="flex gap-3">
                    <input
                      type="radio"
                      name="delivery-address"
                      id={`addr-${a._id}`}
                      checked={selected === a._id}
                      onChange={() => setSelected(a._id)}
                      className="mt-1 h-4 w-4 accent-brand-600"
                    />
                    <div className="flex-1">
                      <label htmlFor={`addr-${a._id}`} className="cursor-pointer">
                        <span className="sr-only">Deliver to </span>
                        <AddressText a={a} />
                      </label>
                      {selected === a._id && (
                        <Button
                          className="mt-3"
                          variant="accent"
                          disabled={isProcessing || blocked}
                          loading={isProcessing}
                          onClick={() => deliver(a._id)}
                        >
                          DELIVER HERE
                        </Button>
                      )}
                    </div>
                    <Button
                      variant="link"
                      size="sm"
                      className="self-start"
                      onClick={() => book.setMode({ kind: 'edit', address: a })}
                      aria-label={`Edit address ${a.address}`}
                    >
                      Edit
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {business.fields}
      <AddAddressPanel book={book} heading="h3" />
    </div>
  );
}

function NothingToOrder({ title, description }: { title: string; description: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="sr-only">Checkout</h1>
      <EmptyState
        title={title}
        description={description}
        action={
          <Link to="/shop/listing" className={buttonClass('primary', 'lg')}>
            Shop now
          </Link>
        }
      />
    </div>
  );
}

/** One item being ordered: its picture, name, price as the order will charge it, and quantity. */
function CheckoutItem({
  item,
}: {
  item: {
    productId: string;
    title: string;
    variantLabel?: string;
    image: string;
    price: number;
    salePrice?: number | null;
    discount?: number | null;
    quantity: number;
  };
}) {
  return (
    <div className="flex gap-4">
      <ProductThumb item={item} size={96} className="h-20 w-20 shrink-0 rounded-lg" />
      <div className="min-w-0 flex-1 space-y-1">
        <Link to={`/product/${item.productId}`} className="font-semibold text-gray-900 hover:text-brand-700">
          {item.title}
        </Link>
        {item.variantLabel && <p className="text-sm text-gray-700">{item.variantLabel}</p>}
        <Price price={item.price} salePrice={item.salePrice} discount={item.discount} size="sm" detailed />
        <p className="text-sm text-gray-600">Qty {item.quantity}</p>
      </div>
    </div>
  );
}

/** The cart's items the order takes (the available ones; the totals count the same lines). */
function CartItemsStep({ items }: { items: CartViewDto['items'] }) {
  return (
    <ul className="divide-y divide-gray-200" aria-label="Items in your order">
      {items.map((item) => (
        <li key={item.productId} className="py-3 first:pt-0 last:pb-0">
          <CheckoutItem item={item} />
        </li>
      ))}
    </ul>
  );
}

/** Buy now: the one item being ordered, with its price as the order will charge it. */
function BuyNowItemStep({ product, quantity }: { product: ProductDto; quantity: number }) {
  const short = product.totalStock < quantity;
  return (
    <div className="space-y-3">
      <div data-testid="buy-now-item">
        <CheckoutItem item={{ ...product, productId: product._id, quantity }} />
      </div>
      {short && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {product.totalStock <= 0
            ? 'This product is out of stock.'
            : `Only ${product.totalStock} left: please choose a smaller quantity.`}
        </p>
      )}
      <p className="text-sm text-gray-600">Only this item is ordered; your cart stays as it is.</p>
    </div>
  );
}

/** Checkout's steps (Login, Order Summary, Delivery Address) beside the price summary. */
function CheckoutLayout({
  user,
  items,
  summary,
  delivery,
}: {
  user: UserDto;
  /** the Order Summary step's body */
  items: ReactNode;
  summary: ReactNode;
  /** the Delivery Address step's body */
  delivery: ReactNode;
}) {
  const [logout] = useLogoutMutation();
  const navigate = useNavigate();
  const change = async () => {
    await logout();
    navigate('/auth/login', { state: { from: '/shop/checkout' } });
  };
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="mb-4 text-xl font-bold text-gray-900">Checkout</h1>
      <div className="grid gap-6 lg:grid-cols-[1fr_360px]">
        <div className="space-y-4">
          <Step n={1} title="Login" done>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm">
                <span className="font-semibold text-gray-900">{user.username}</span>
                <span className="ml-2 text-gray-600">{user.email}</span>
              </p>
              <Button variant="outline" size="sm" onClick={change}>
                Change
              </Button>
            </div>
          </Step>
          <Step n={2} title="Order Summary">
            {items}
          </Step>
          <Step n={3} title="Delivery Address">
            {delivery}
          </Step>
        </div>
        <aside className="self-start lg:sticky lg:top-20">{summary}</aside>
      </div>
    </div>
  );
}

function BuyNowCheckout({ user, item }: { user: UserDto; item: BuyNowItem }) {
  const { data: product, isLoading, isError } = useGetProductQuery(item.productId);
  // this item's delivery to the chosen address (docs/delivery.md, "Checkout")
  const [addressId, setAddressId] = useState<string | null>(null);
  const quote = useCartDeliveryQuote(addressId, item);
  if (isError) {
    return (
      <NothingToOrder
        title="This product is not available."
        description="It may have been removed from the shop."
      />
    );
  }
  if (isLoading || !product) {
    return (
      <LoadingRegion label="Loading checkout" className="mx-auto max-w-7xl space-y-3 px-4 py-6">
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-32 w-full" />
      </LoadingRegion>
    );
  }
  const line = { ...product, quantity: item.quantity };
  return (
    <CheckoutLayout
      user={user}
      items={<BuyNowItemStep product={product} quantity={item.quantity} />}
      delivery={
        <DeliveryStep
          user={user}
          buyNow={item}
          onSelect={setAddressId}
          blocked={product.totalStock < item.quantity || quote?.deliverable === false}
        />
      }
      summary={
        <PriceSummary totals={quotedTotals(quote, computeTotals([line]))} lines={[line]}>
          <SellerDeliveries quote={quote} />
        </PriceSummary>
      }
    />
  );
}

export default function CheckoutPage() {
  useDocumentTitle('Checkout');
  const { user } = useAppSelector((s) => s.auth);
  const [params] = useSearchParams();
  const buyNow = readBuyNow(params);
  const cartQuery = useGetCartQuery(user?.id ?? '', { skip: !user || buyNow !== null });
  const cart = { cart: cartQuery.data ?? null, isLoading: cartQuery.isLoading };
  // delivery per seller to the chosen address (docs/delivery.md, "Checkout")
  const [addressId, setAddressId] = useState<string | null>(null);
  const quote = useCartDeliveryQuote(buyNow ? null : addressId);
  if (!user) return null;
  if (buyNow) return <BuyNowCheckout user={user} item={buyNow} />;

  const items = cart.cart?.items ?? [];
  const totals = quotedTotals(quote, cartTotals(cart.cart));
  if (!cart.isLoading && cart.cart && items.length === 0) {
    return <NothingToOrder title="Your cart is empty!" description="Add items to it now." />;
  }
  return (
    <CheckoutLayout
      user={user}
      items={
        cart.isLoading ? (
          <LoadingRegion label="Loading your items">
            <Skeleton className="h-20 w-full" />
          </LoadingRegion>
        ) : (
          <CartItemsStep items={items.filter((i) => i.available !== false)} />
        )
      }
      delivery={
        <DeliveryStep
          user={user}
          onSelect={setAddressId}
          blocked={quote?.deliverable === false}
          expectedTotal={cart.cart ? totals.total : undefined}
        />
      }
      summary={
        <PriceSummary totals={totals} lines={payableLines(cart.cart)}>
          <SellerDeliveries quote={quote} />
          <CheckoutCoupons coupons={quote?.coupons ?? cart.cart?.coupons ?? []} />
        </PriceSummary>
      }
    />
  );
}
