/** The order confirmation names the parcel's recipient, landmark and state (docs/orders-and-stock.md). */
import { describe, expect, it } from 'vitest';
import { orderConfirmationMail } from '../mail-templates';

const order = {
  publicUrl: 'https://haat.test',
  orderId: '9d1c2b3a-4e5f-4a6b-8c7d-000000000077',
  lines: [{ title: 'Trail Shoes', quantity: 1, linePricePaise: 249_900 }],
  subtotalPaise: 249_900,
  discountPaise: 0,
  shippingPaise: 0,
  totalPaise: 249_900,
};
const address = {
  buyerName: 'Asha Rao',
  address: '7 Residency Road',
  city: 'Bengaluru',
  pincode: '560025',
  phone: '9812345678',
};

describe('order confirmation address', () => {
  it('when the address names a recipient, a landmark and a state, then the mail shows them', () => {
    const mail = orderConfirmationMail({
      ...order,
      address: {
        ...address,
        recipientName: 'Meera Iyer',
        landmark: 'Opposite the metro',
        state: 'Karnataka',
      },
    });
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Meera Iyer');
      expect(body).toContain('7 Residency Road, near Opposite the metro');
      expect(body).toContain('Bengaluru, Karnataka – 560025');
    }
  });

  it('when a mail was queued before those fields, then the buyer is named as before', () => {
    const mail = orderConfirmationMail({ ...order, address });
    expect(mail.text).toContain('Asha Rao\n7 Residency Road\nBengaluru – 560025');
  });
});
