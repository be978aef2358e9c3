import { Link } from 'react-router-dom';
import { CATEGORIES } from '@mp/shared/constants';

export function ShopFooter() {
  return (
    <footer className="mt-12 border-t border-gray-200 bg-gray-900 text-gray-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">Haat Marketplace</p>
          <p className="mt-2 text-sm">
            Shop from trusted sellers across India. Prices in ₹, delivered to your door.
          </p>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Shop</h2>
          <ul className="mt-3 grid grid-cols-2 gap-1 text-sm">
            {CATEGORIES.map((c) => (
              <li key={c.id}>
                <Link className="hover:text-white" to={`/shop/listing?category=${c.id}`}>
                  {c.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Account</h2>
          <ul className="mt-3 space-y-1 text-sm">
            <li>
              <Link className="hover:text-white" to="/shop/account/orders">
                My Orders
              </Link>
            </li>
            <li>
              <Link className="hover:text-white" to="/shop/account/wishlist">
                Wishlist
              </Link>
            </li>
            <li>
              <Link className="hover:text-white" to="/auth/login">
                Become a Seller
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-gray-800 py-4 text-center text-xs text-gray-400">
        © {new Date().getFullYear()} Haat Marketplace
      </p>
    </footer>
  );
}
