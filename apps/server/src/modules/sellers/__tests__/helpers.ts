/** Builders shared by the seller API tests. */

let n = 0;
/** A valid seller registration form, unique each call. */
export const sellerBody = (over: Record<string, unknown> = {}) => ({
  username: `Seller ${++n}`,
  email: `shop${n}.${Date.now().toString(36)}@store.in`,
  phone: '9876543210',
  password: 'secret123',
  storename: `Store ${n}`,
  gstno: '',
  address: '12 MG Road, Bengaluru',
  businesstype: 'Individual',
  bankaccount: '123456789012',
  ifsccode: 'sbin0001234',
  image: '/uploads/documents/doc.png',
  ...over,
});
