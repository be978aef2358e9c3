/** Seller console (lazy-loaded; never downloaded by shoppers). Owned by the console work. */
import { Route, Routes } from 'react-router-dom';

export default function SellerApp() {
  return (
    <Routes>
      <Route path="*" element={<p className="p-8">Seller console</p>} />
    </Routes>
  );
}
