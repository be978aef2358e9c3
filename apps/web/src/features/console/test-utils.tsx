/** Test helper for console components: a fresh store (optionally preloaded) and a memory router. */
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { render } from '@testing-library/react';
import type { SellerDto, UserDto } from '@mp/shared';
import { makeStore } from '../../app/store';

export function renderConsole(
  ui: ReactElement,
  {
    path = '/',
    route = '*',
    auth,
  }: { path?: string; route?: string; auth?: Partial<ReturnType<typeof authState>> } = {},
) {
  const store = makeStore({ auth: { ...authState(), ...auth } });
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
          <Route path="/seller/dashboard" element={<p>Seller dashboard page</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { store, ...result };
}

function authState() {
  return {
    user: null as UserDto | null,
    seller: null as SellerDto | null,
    isAuthenticated: true,
    isLoading: false,
    checked: true,
  };
}

export const sellerUser = (over: Partial<UserDto> = {}): UserDto => ({
  id: 'u-1',
  _id: 'u-1',
  username: 'Asha Seller',
  email: 'asha@shop.test',
  role: 'seller',
  phone: null,
  fullName: null,
  gender: null,
  dob: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

export const sellerRecord = (over: Partial<SellerDto> = {}): SellerDto => ({
  _id: '7b0b7f0e-8a63-4c3a-9f0e-000000000001',
  userId: 'u-1',
  createdAt: '2025-01-01T00:00:00.000Z',
  approvalstatus: 'pending',
  isapproved: false,
  storename: 'Asha Stores',
  businesstype: 'Individual',
  gstno: null,
  document: '/uploads/documents/doc.png',
  address: '1 MG Road',
  bankaccount: '1234567890',
  ifsccode: 'SBIN0001234',
  username: 'Asha Seller',
  email: 'asha@shop.test',
  phone: '9876543210',
  ...over,
});
