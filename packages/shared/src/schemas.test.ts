import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { idSchema, imageUrlSchema } from './api';
import { loginInputSchema, profileUpdateInputSchema, registerInputSchema } from './auth';
import { productInputSchema, productListQuerySchema, reviewInputSchema } from './product';
import { brandSlugOf, brandSpelling } from './brand';
import { sellerDecisionInputSchema, sellerRegisterInputSchema } from './seller';
import {
  addressFormSchema,
  addressInputSchema,
  cartAddInputSchema,
  cartUpdateInputSchema,
  orderCaptureInputSchema,
  orderCreateInputSchema,
  sellerOrderStatusInputSchema,
} from './commerce';

const UUID = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';

/** The fields a failed parse names. */
function failedFields(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  expect(r.success, `expected ${JSON.stringify(value)} to be refused`).toBe(false);
  return r.success ? [] : [...new Set(r.error.issues.map((i) => i.path.join('.')))];
}

describe('productInputSchema', () => {
  const valid = {
    title: '  Galaxy M34  ',
    description: 'A phone',
    category: 'mobile',
    brand: 'samsung',
    price: 19999,
    salePrice: 17999.5,
    discount: 10,
    totalStock: 5,
    image: '/uploads/products/a.png',
  };

  it('when the form sends numbers as strings, then they become numbers', () => {
    const p = productInputSchema.parse({
      ...valid,
      price: '19999',
      salePrice: '17999.50',
      discount: '10',
      totalStock: '5',
    });
    expect(p).toMatchObject({
      title: 'Galaxy M34',
      price: 19999,
      salePrice: 17999.5,
      discount: 10,
      totalStock: 5,
    });
  });

  it("when the category is the old spelling 'electonics', then it becomes electronics", () => {
    expect(productInputSchema.parse({ ...valid, category: 'electonics' }).category).toBe('electronics');
    expect(productInputSchema.parse({ ...valid, category: ' Electronics ' }).category).toBe('electronics');
  });

  it('when the brand is a name no brand has, then it is accepted as typed (the server proposes it)', () => {
    expect(productInputSchema.parse({ ...valid, brand: ' Banaras Weaves ' }).brand).toBe('Banaras Weaves');
  });

  it('when brand names differ in case, spaces, punctuation or &/and, then their spelling is the same', () => {
    expect(new Set(['H & M', 'h&m', 'HM', 'H and M'].map(brandSpelling))).toEqual(new Set(['hm']));
    expect(brandSpelling('Levis')).toBe(brandSpelling("Levi's"));
    expect(brandSpelling('Andaman Silks')).toBe('andamansilks');
    expect(brandSlugOf('Banaras Weaves')).toBe('banaras-weaves');
  });

  it('when sale price and discount are empty form fields, then sale price is absent and discount 0', () => {
    const p = productInputSchema.parse({ ...valid, salePrice: '', discount: '' });
    expect(p.salePrice).toBeUndefined();
    expect(p.discount).toBe(0);
  });

  it('when the sale price equals the price, then it is accepted', () => {
    expect(productInputSchema.safeParse({ ...valid, salePrice: valid.price }).success).toBe(true);
  });

  it.each([
    [{ brand: ' & ' }, 'brand'],
    [{ brand: 'x'.repeat(61) }, 'brand'],
    [{ category: 'toys' }, 'category'],
    [{ salePrice: 20000 }, 'salePrice'],
    [{ salePrice: -1 }, 'salePrice'],
    [{ price: -10 }, 'price'],
    [{ price: 0 }, 'price'],
    [{ price: 'abc' }, 'price'],
    [{ price: 19.999 }, 'price'],
    [{ price: 20_000_000 }, 'price'],
    [{ discount: 101 }, 'discount'],
    [{ discount: 12.5 }, 'discount'],
    [{ totalStock: -1 }, 'totalStock'],
    [{ totalStock: 1.5 }, 'totalStock'],
    [{ title: '   ' }, 'title'],
    [{ image: 'javascript:alert(1)' }, 'image'],
  ])('when %j, then it is refused on %s', (patch, field) => {
    expect(failedFields(productInputSchema, { ...valid, ...patch })).toContain(field);
  });
});

describe('registerInputSchema and loginInputSchema', () => {
  it('when the body carries a role, then it is stripped', () => {
    const r = registerInputSchema.parse({
      username: 'Asha',
      email: ' Asha@Example.IN ',
      password: 'secret123',
      role: 'admin',
    });
    expect(r).toEqual({ username: 'Asha', email: 'asha@example.in', password: 'secret123' });
    expect('role' in r).toBe(false);
  });

  it.each([
    [{ password: '12345' }, 'password'],
    [{ password: 'Seven-7' }, 'password'],
    [{ password: 'x'.repeat(257) }, 'password'],
    [{ email: 'not-an-email' }, 'email'],
    [{ username: '' }, 'username'],
  ])('when %j, then it is refused on %s', (patch, field) => {
    expect(
      failedFields(registerInputSchema, { username: 'A', email: 'a@b.in', password: 'secret123', ...patch }),
    ).toContain(field);
  });

  it('when logging in with an empty password, then it is refused', () => {
    expect(failedFields(loginInputSchema, { email: 'a@b.in', password: '' })).toContain('password');
  });
});

describe('sellerRegisterInputSchema', () => {
  const valid = {
    username: 'Ravi',
    email: 'ravi@store.in',
    phone: '+91 98765 43210',
    password: 'secret123',
    storename: 'Ravi Electronics',
    address: '12 MG Road, Bengaluru',
    businesstype: 'Individual',
    bankaccount: '123456789012',
    ifsccode: 'sbin0001234',
    image: '/uploads/documents/doc.pdf',
  };

  it('when gstno is missing or empty, then it is absent; the IFSC code is upper-cased', () => {
    const s = sellerRegisterInputSchema.parse(valid);
    expect(s.gstno).toBeUndefined();
    expect(s.ifsccode).toBe('SBIN0001234');
    expect(sellerRegisterInputSchema.parse({ ...valid, gstno: '' }).gstno).toBeUndefined();
  });

  it('when gstno is 15 letters and digits, then it is kept upper-cased', () => {
    expect(sellerRegisterInputSchema.parse({ ...valid, gstno: '27abcde1234f1z5' }).gstno).toBe(
      '27ABCDE1234F1Z5',
    );
  });

  it('when the body carries a role, then it is stripped', () => {
    expect('role' in sellerRegisterInputSchema.parse({ ...valid, role: 'admin' })).toBe(false);
  });

  it.each([
    [{ ifsccode: 'SBIN1001234' }, 'ifsccode'],
    [{ ifsccode: 'SBI0001234' }, 'ifsccode'],
    [{ ifsccode: '1234056789A' }, 'ifsccode'],
    [{ gstno: '27ABCDE1234F1Z' }, 'gstno'],
    [{ gstno: '27ABCDE1234F1Z5-' }, 'gstno'],
    [{ bankaccount: '12345' }, 'bankaccount'],
    [{ bankaccount: '1'.repeat(21) }, 'bankaccount'],
    [{ bankaccount: 'ABC1234567' }, 'bankaccount'],
    [{ businesstype: 'Partnership' }, 'businesstype'],
    [{ phone: 'call me' }, 'phone'],
    [{ image: 'not a url' }, 'image'],
    [{ storename: '' }, 'storename'],
  ])('when %j, then it is refused on %s', (patch, field) => {
    expect(failedFields(sellerRegisterInputSchema, { ...valid, ...patch })).toContain(field);
  });

  it('when every field is missing, then each required one is named', () => {
    const fields = failedFields(sellerRegisterInputSchema, {});
    for (const f of ['username', 'email', 'phone', 'password', 'storename', 'address', 'businesstype']) {
      expect(fields).toContain(f);
    }
    expect(fields).toEqual(expect.arrayContaining(['bankaccount', 'ifsccode', 'image']));
    expect(fields).not.toContain('gstno');
  });
});

describe('sellerDecisionInputSchema', () => {
  it.each(['approved', 'rejected'])('when the decision is %s, then it is accepted', (approvalstatus) => {
    expect(sellerDecisionInputSchema.parse({ approvalstatus }).approvalstatus).toBe(approvalstatus);
  });
  it.each(['pending', 'banana', '', undefined])(
    'when the decision is %j, then it is refused',
    (approvalstatus) => {
      expect(failedFields(sellerDecisionInputSchema, { approvalstatus })).toContain('approvalstatus');
    },
  );
});

describe('profileUpdateInputSchema', () => {
  it('when only the phone is given, then gender and dob are left out', () => {
    expect(profileUpdateInputSchema.parse({ phone: '9876543210' })).toEqual({ phone: '9876543210' });
  });

  it('when gender and dob are empty form fields, then they are left out', () => {
    expect(profileUpdateInputSchema.parse({ phone: '9876543210', gender: '', dob: '' })).toEqual({
      phone: '9876543210',
    });
  });

  it('when the read-only fields are sent, then they are stripped', () => {
    const p = profileUpdateInputSchema.parse({
      phone: '9876543210',
      email: 'x@y.in',
      fullName: 'X',
      role: 'admin',
    });
    expect(Object.keys(p)).toEqual(['phone']);
  });

  it('when gender and dob are valid, then they are kept', () => {
    expect(
      profileUpdateInputSchema.parse({ phone: '9876543210', gender: 'female', dob: '1990-02-28' }),
    ).toEqual({
      phone: '9876543210',
      gender: 'female',
      dob: '1990-02-28',
    });
  });

  it.each([
    [{}, 'phone'],
    [{ phone: '12' }, 'phone'],
    [{ phone: '9876543210', gender: 'robot' }, 'gender'],
    [{ phone: '9876543210', dob: '1990-02-30' }, 'dob'],
    [{ phone: '9876543210', dob: '12/05/1990' }, 'dob'],
    [{ phone: '9876543210', dob: '2999-01-01' }, 'dob'],
  ])('when %j, then it is refused on %s', (body, field) => {
    expect(failedFields(profileUpdateInputSchema, body)).toContain(field);
  });
});

describe('productListQuerySchema', () => {
  it('when the query is empty, then defaults apply', () => {
    expect(productListQuerySchema.parse({})).toEqual({
      category: [],
      brand: [],
      size: [],
      page: 1,
      limit: 24,
    });
  });

  it('when lists are comma-separated or repeated, then they are split, trimmed and normalised', () => {
    const q = productListQuerySchema.parse({
      category: ' men , electonics ,',
      brand: ['Nike', 'adidas,puma'],
      sortBy: 'title-ztoa',
      page: '3',
      limit: '100',
    });
    expect(q).toEqual({
      category: ['men', 'electronics'],
      brand: ['nike', 'adidas', 'puma'],
      size: [],
      sortBy: 'title-ztoa',
      page: 3,
      limit: 100,
    });
  });

  it('when sortBy is empty, then there is no sort', () => {
    expect(productListQuerySchema.parse({ sortBy: '' }).sortBy).toBeUndefined();
  });

  it.each([
    [{ page: '0' }, 'page'],
    [{ page: '-2' }, 'page'],
    [{ page: 'abc' }, 'page'],
    [{ page: '1.5' }, 'page'],
    [{ limit: '10000' }, 'limit'],
    [{ limit: '0' }, 'limit'],
    [{ category: 'men,toys' }, 'category.1'],
    [{ brand: 'x'.repeat(81) }, 'brand.0'],
    [{ sortBy: 'banana' }, 'sortBy'],
  ])('when %j, then it is refused on %s', (query, field) => {
    expect(failedFields(productListQuerySchema, query)).toContain(field);
  });
});

describe('reviewInputSchema', () => {
  it('when the rating arrives as a string, then it becomes a number', () => {
    expect(reviewInputSchema.parse({ productId: UUID, reviewMessage: ' Good ', reviewVal: '5' })).toEqual({
      productId: UUID,
      reviewMessage: 'Good',
      reviewVal: 5,
    });
  });
  it.each([0, 6, 4.5])('when the rating is %s, then it is refused', (reviewVal) => {
    expect(failedFields(reviewInputSchema, { productId: UUID, reviewMessage: 'ok', reviewVal })).toContain(
      'reviewVal',
    );
  });
  it('when the message is blank, then it is refused', () => {
    expect(
      failedFields(reviewInputSchema, { productId: UUID, reviewMessage: '   ', reviewVal: 4 }),
    ).toContain('reviewMessage');
  });
});

describe('cart schemas', () => {
  it('when the quantity is left out or empty on add, then it is 1', () => {
    expect(cartAddInputSchema.parse({ productId: UUID }).quantity).toBe(1);
    expect(cartAddInputSchema.parse({ productId: UUID, quantity: '' }).quantity).toBe(1);
    expect(cartAddInputSchema.parse({ productId: UUID, quantity: '3' }).quantity).toBe(3);
  });

  it('when the client sends userId and discount on add, then they are stripped', () => {
    expect(cartAddInputSchema.parse({ productId: UUID, quantity: 2, userId: UUID, discount: 90 })).toEqual({
      productId: UUID,
      quantity: 2,
    });
  });

  it.each([0, -1, 1.5, 10 ** 9, 'abc'])(
    'when the quantity is %j, then add and update refuse it',
    (quantity) => {
      expect(failedFields(cartAddInputSchema, { productId: UUID, quantity })).toContain('quantity');
      expect(failedFields(cartUpdateInputSchema, { productId: UUID, quantity })).toContain('quantity');
    },
  );

  it('when the quantity is 99, then it is accepted; the update needs one', () => {
    expect(cartUpdateInputSchema.parse({ productId: UUID, quantity: 99 }).quantity).toBe(99);
    expect(failedFields(cartUpdateInputSchema, { productId: UUID })).toContain('quantity');
  });

  it('when the product id is not an id, then it is refused', () => {
    expect(failedFields(cartAddInputSchema, { productId: '42', quantity: 1 })).toContain('productId');
  });
});

describe('addressInputSchema', () => {
  const valid = {
    address: '12 MG Road',
    city: 'Bengaluru',
    pincode: '560001',
    phone: '9876543210',
    notes: 'Ring twice',
    place: 'home',
  };
  it('when the address is complete, then state and isDefault are optional', () => {
    expect(addressInputSchema.parse({ ...valid, state: '' })).toEqual(valid);
  });
  it.each([
    [{ pincode: '012345' }, 'pincode'],
    [{ pincode: '56001' }, 'pincode'],
    [{ place: 'other' }, 'place'],
    [{ state: 'Atlantis' }, 'state'],
    [{ landmark: 'x'.repeat(101) }, 'landmark'],
    [{ city: undefined }, 'city'],
  ])('when %j, then it is refused on %s', (patch, field) => {
    expect(failedFields(addressInputSchema, { ...valid, ...patch })).toContain(field);
  });
  it('when notes and landmark are blank, then the address is still valid (both optional)', () => {
    const parsed = addressInputSchema.parse({ ...valid, notes: ' ', landmark: '' });
    expect([parsed.notes ?? '', parsed.landmark ?? '']).toEqual(['', '']);
  });
  it('when the form leaves out the recipient or the state, then it is refused on them', () => {
    expect(failedFields(addressFormSchema, valid)).toEqual(
      expect.arrayContaining(['recipientName', 'state']),
    );
    expect(addressFormSchema.parse({ ...valid, recipientName: 'Asha', state: 'Karnataka' })).toMatchObject({
      recipientName: 'Asha',
      state: 'Karnataka',
    });
  });
});

describe('order schemas', () => {
  it('when the address id comes flat or inside addressInfo, then it is accepted', () => {
    expect(orderCreateInputSchema.safeParse({ addressId: UUID }).success).toBe(true);
    expect(orderCreateInputSchema.safeParse({ addressInfo: { addressId: UUID, city: 'Pune' } }).success).toBe(
      true,
    );
  });
  it('when no address id is given, then it is refused', () => {
    expect(failedFields(orderCreateInputSchema, { totalAmount: 1 })).toContain('addressId');
    expect(failedFields(orderCreateInputSchema, { addressId: 'home' })).toContain('addressId');
  });
  it('when capturing, then paymentId is required and empty payerId/orderId count as absent', () => {
    expect(orderCaptureInputSchema.parse({ paymentId: ' PAY-1 ', payerId: '', orderId: '' })).toEqual({
      paymentId: 'PAY-1',
    });
    expect(failedFields(orderCaptureInputSchema, { paymentId: '' })).toContain('paymentId');
    expect(failedFields(orderCaptureInputSchema, { paymentId: 'x', orderId: 'nope' })).toContain('orderId');
  });
  it.each(['pending', 'inProcess', 'inShipping', 'delivered'])(
    'when a seller sets %s, then it is accepted',
    (orderStatus) => {
      expect(sellerOrderStatusInputSchema.parse({ orderStatus }).orderStatus).toBe(orderStatus);
    },
  );
  it('when a seller rejects, then only with a reason', () => {
    const reason = 'Out of stock after a flood';
    expect(sellerOrderStatusInputSchema.parse({ orderStatus: 'rejected', reason }).orderStatus).toBe(
      'rejected',
    );
    expect(sellerOrderStatusInputSchema.safeParse({ orderStatus: 'rejected' }).success).toBe(false);
  });
  it.each(['confirmed', 'shipped', ''])('when a seller sets %j, then it is refused', (orderStatus) => {
    expect(failedFields(sellerOrderStatusInputSchema, { orderStatus })).toContain('orderStatus');
  });
});

describe('ids and image URLs', () => {
  it('when an id is not a uuid, then it is refused', () => {
    expect(idSchema.safeParse(UUID).success).toBe(true);
    expect(idSchema.safeParse('123').success).toBe(false);
  });
  it.each(['https://res.cloudinary.com/demo/image/upload/a.png', '/uploads/products/x-1.png'])(
    'when the image is %s, then it is accepted',
    (url) => {
      expect(imageUrlSchema.safeParse(url).success).toBe(true);
    },
  );
  it.each(['javascript:alert(1)', '/etc/passwd', '/uploads/../secret', 'data:image/png;base64,AAAA', ''])(
    'when the image is %j, then it is refused',
    (url) => {
      expect(imageUrlSchema.safeParse(url).success).toBe(false);
    },
  );
});
