import { describe, expect, it } from 'vitest';
import { statementCsv } from './statement-csv';

describe('statementCsv', () => {
  it('writes a header and one quoted-when-needed row per entry, the order by its number, amounts with two decimals', () => {
    const csv = statementCsv([
      {
        id: '1',
        type: 'earned',
        amount: 1000,
        orderId: '9d1c2b3a-4e5f-4a6b-8c7d-000000000042',
        orderNumber: 'HM-100042',
        description: 'Delivered HM-100042 Shoe, "blue" × 2',
        createdAt: '2026-01-02T03:04:05.000Z',
        payableAt: '2026-01-09T18:30:00.000Z',
      },
      {
        id: '2',
        type: 'payout',
        amount: -250.5,
        orderId: null,
        orderNumber: null,
        description: '=HYPERLINK()',
        createdAt: 'x',
        payableAt: 'x',
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Date,Type,Description,Order,Amount (INR),Payable from',
      '2026-01-02T03:04:05.000Z,Earned,"Delivered HM-100042 Shoe, ""blue"" × 2",HM-100042,1000.00,2026-01-09T18:30:00.000Z',
      "x,Payout,'=HYPERLINK(),,-250.50,x",
      '',
    ]);
  });
});
