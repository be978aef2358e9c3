/**
 * Draws a tax document as a PDF with pdfkit (docs/tax.md, "What a document carries"), from its frozen content
 * alone. Built-in Helvetica has no rupee sign: amounts print as "Rs." figures.
 */
import PDFDocument from 'pdfkit';
import type { ContentLine, DocumentContent, Party } from './document-content';

const rs = (paise: number) =>
  `${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const COLUMNS: { title: string; width: number; cell: (l: ContentLine, i: number) => string }[] = [
  { title: '#', width: 18, cell: (_l, i) => String(i + 1) },
  { title: 'Description', width: 140, cell: (l) => l.description },
  { title: 'HSN/SAC', width: 50, cell: (l) => l.hsn },
  { title: 'Qty', width: 28, cell: (l) => String(l.quantity) },
  { title: 'Taxable', width: 62, cell: (l) => rs(l.taxablePaise) },
  { title: 'Rate', width: 32, cell: (l) => `${l.rate}%` },
  { title: 'CGST', width: 50, cell: (l) => rs(l.cgstPaise) },
  { title: 'SGST', width: 50, cell: (l) => rs(l.sgstPaise) },
  { title: 'IGST', width: 50, cell: (l) => rs(l.igstPaise) },
  { title: 'Total', width: 60, cell: (l) => rs(l.totalPaise) },
];

function party(doc: PDFKit.PDFDocument, label: string, p: Party, x: number, y: number) {
  doc.font('Helvetica-Bold').fontSize(9).text(label, x, y, { width: 250 });
  doc.font('Helvetica').text(p.name, { width: 250 });
  doc.text(p.address, { width: 250 });
  doc.text(`State: ${p.state || 'Not stated'}`, { width: 250 });
  doc.text(`GSTIN: ${p.gstin ?? 'Unregistered'}`, { width: 250 });
}

function table(doc: PDFKit.PDFDocument, c: DocumentContent, top: number): number {
  let y = top;
  const row = (cells: string[], bold: boolean) => {
    let x = 40;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    const heights = cells.map((t, i) => doc.heightOfString(t, { width: COLUMNS[i]!.width - 4 }));
    cells.forEach((t, i) => {
      doc.text(t, x, y, { width: COLUMNS[i]!.width - 4 });
      x += COLUMNS[i]!.width;
    });
    y += Math.max(...heights) + 4;
  };
  row(
    COLUMNS.map((col) => col.title),
    true,
  );
  c.lines.forEach((l, i) =>
    row(
      COLUMNS.map((col) => col.cell(l, i)),
      false,
    ),
  );
  const t = c.totals;
  row(
    [
      '',
      'Total',
      '',
      '',
      rs(t.taxablePaise),
      '',
      rs(t.cgstPaise),
      rs(t.sgstPaise),
      rs(t.igstPaise),
      rs(t.totalPaise),
    ],
    true,
  );
  return y;
}

/** The PDF of a document's content. */
export function renderDocumentPdf(c: DocumentContent): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 40,
      info: { Title: `${c.title} ${c.number}`, CreationDate: new Date(c.issuedAt) },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (b: Buffer) => chunks.push(b));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(16).text(c.title, 40, 40);
    doc.font('Helvetica').fontSize(9);
    doc.text(`Number: ${c.number}`);
    doc.text(`Date: ${c.issuedAt.slice(0, 10)}`);
    if (c.orderNumber) doc.text(`Order: ${c.orderNumber}`);
    if (c.period) doc.text(`Period: ${c.period}`);
    if (c.reference)
      doc.text(`Against invoice ${c.reference.number} of ${c.reference.issuedAt.slice(0, 10)}`);
    if (c.reason) doc.text(`Reason: ${c.reason}`);
    doc.text(`Place of supply: ${c.placeOfSupply}`);
    party(doc, 'Supplier', c.supplier, 40, 150);
    party(doc, 'Recipient', c.recipient, 300, 150);
    const y = table(doc, c, 240);
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(`Total: Rs. ${rs(c.totals.totalPaise)}`, 40, y + 10);
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(c.totalInWords, 40, y + 26);
    doc.text('Tax is not payable on reverse charge.', 40, y + 44);
    doc.end();
  });
}
