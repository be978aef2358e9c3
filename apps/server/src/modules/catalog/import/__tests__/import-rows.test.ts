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

describe('the optional package and tax columns', () => {
  const HEAD = `${HEADER},Weight_Grams,Length_cm,Width_cm,Height_cm,HSN,GST_Rate`;
  const rowsOf = (lines: string[]) => groupByHandle(readImportCsv([HEAD, ...lines].join('\n'), 100));
  const line = (pkgTax: string, handle = 'box') =>
    `${handle},Box,A box,electronics,nike,,,${handle}-1,999,,3,/uploads/products/b.jpg,${pkgTax}`;

  it('when a row gives weight, box, HSN and rate, then the product carries them; empty cells leave the category’s', () => {
    const [full, empty] = rowsOf([line('1200,30,20,10,85171300,18'), line(',,,,,', 'plain')]);
    expect(prepareProduct(full!)).toMatchObject({
      ok: true,
      input: { weightGrams: 1200, lengthCm: 30, widthCm: 20, heightCm: 10, hsn: '85171300', gstRate: 18 },
    });
    const plain = prepareProduct(empty!);
    expect(plain.ok).toBe(true);
    if (!plain.ok) return;
    expect(plain.input.hsn).toBeUndefined();
    expect(plain.input.weightGrams).toBeUndefined();
    expect(plain.input.gstRate).toBeUndefined();
  });

  it.each([
    ['a weight of 0', '0,30,20,10,8517,18', 'Weight (g) must be at least 1'],
    ['a box side that is not a number', '500,abc,20,10,8517,18', 'Length (cm) must be a number'],
    ['an HSN code of 3 digits', '500,30,20,10,851,18', 'An HSN code has 4 to 8 digits'],
    ['a GST rate not in the list', '500,30,20,10,8517,12', 'The GST rate must be one of 0, 3, 5, 18, 40 %'],
  ])('when a row has %s, then that row is an error saying why, as the form would', (_, cells, message) => {
    const [group] = rowsOf([line(cells)]);
    const prepared = prepareProduct(group!);
    expect(prepared.ok).toBe(false);
    if (prepared.ok) return;
    expect(prepared.errors).toEqual([expect.objectContaining({ row: 2, outcome: 'error', message })]);
  });
});
