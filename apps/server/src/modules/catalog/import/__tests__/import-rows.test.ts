import { describe, expect, it } from 'vitest';
import { IMPORT_TEMPLATE_CSV } from '@mp/shared';
import { readImportCsv } from '../import-csv';
import { groupByHandle, prepareProduct } from '../import-rows';

const HEADER =
  'Handle,Title,Description,Category,Brand,Option1 Name,Option1 Value,SKU,Price,Sale_Price,Stock,Image_URLs';

describe('reading an import file', () => {
  it('when the file has a BOM, CRLF ends, quoted commas, quotes and line breaks, then each cell reads as written', () => {
    const text = `\uFEFF${HEADER}\r\nsaree,"Silk, red","Says ""hi""\r\nline two",women,zara,,,S-1,"1,499",,3,/uploads/products/a.jpg\r\n`;
    const [row] = readImportCsv(text, 10);
    expect(row).toMatchObject({
      row: 2,
      ragged: false,
      cells: {
        handle: 'saree',
        title: 'Silk, red',
        description: 'Says "hi"\r\nline two',
        price: '1,499',
        sku: 'S-1',
      },
    });
  });

  it('when blank lines sit between rows, then they are skipped but still counted (the header is row 1)', () => {
    const line = 'x,T,D,men,nike,,,K,1,,1,/uploads/products/a.jpg';
    const rows = readImportCsv(`${HEADER}\n${line}\n\n${line.replace('K', 'L')}\n`, 10);
    expect(rows.map((r) => r.row)).toEqual([2, 4]);
  });

  it('when a row has more cells than the header, then it is marked ragged', () => {
    const [row] = readImportCsv(`${HEADER}\nx,T,D,men,nike,,,K,1,,1,/uploads/a.jpg,extra\n`, 10);
    expect(row!.ragged).toBe(true);
  });

  it('when the template is read, then it has two products, the second in three sizes, and both pass the form schema', () => {
    const groups = groupByHandle(readImportCsv(IMPORT_TEMPLATE_CSV, 10));
    expect(groups.map((g) => [g.handle, g.rows.length])).toEqual([
      ['banarasi-silk-saree', 1],
      ['cotton-kurta', 3],
    ]);
    for (const g of groups) expect(prepareProduct(g)).toMatchObject({ ok: true });
  });
});

describe('preparing a product from its rows', () => {
  const rowsOf = (lines: string[]) => groupByHandle(readImportCsv([HEADER, ...lines].join('\n'), 100));

  it('when a later row contradicts the first row’s title, then every row of the product is an error naming the row at fault', () => {
    const [group] = rowsOf([
      'kurta,Kurta,Cotton,men,levi,Size,S,K-S,899,,4,/uploads/products/k.jpg',
      'kurta,Other title,,,,Size,M,K-M,899,,4,',
    ]);
    const prepared = prepareProduct(group!);
    expect(prepared.ok).toBe(false);
    if (prepared.ok) return;
    expect(prepared.errors).toEqual([
      expect.objectContaining({ row: 2, outcome: 'error', message: expect.stringMatching(/row 3/) }),
      expect.objectContaining({ row: 3, outcome: 'error', message: expect.stringMatching(/first row/) }),
    ]);
  });

  it('when an option value is missing or the SKU repeats, then that row says so', () => {
    const [group] = rowsOf([
      'kurta,Kurta,Cotton,men,levi,Size,S,K-S,899,,4,/uploads/products/k.jpg',
      'kurta,,,,,Size,,K-M,899,,4,',
      'kurta,,,,,Size,L,K-S,899,,4,',
    ]);
    const prepared = prepareProduct(group!);
    if (prepared.ok) throw new Error('expected errors');
    expect(prepared.errors[1]!.message).toMatch(/option1_value is required/);
    expect(prepared.errors[2]!.message).toMatch(/appears twice/);
  });

  it('when the stock cell is empty, then it is an error, not zero', () => {
    const [group] = rowsOf(['saree,Saree,Silk,women,zara,,,S-1,999,,,/uploads/products/s.jpg']);
    const prepared = prepareProduct(group!);
    if (prepared.ok) throw new Error('expected errors');
    expect(prepared.errors[0]!.message).toMatch(/stock/i);
  });
});
