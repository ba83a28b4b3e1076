/**
 * GST documents as PDF (pdfkit): the tax invoice of an order and the credit note of a refunded
 * return, laid out with what Rule 46 (invoice) and Rule 53 (credit note) of the CGST Rules ask
 * for: seller name, address and GSTIN, number and date, buyer, place of supply (state and code),
 * per line description, HSN, quantity, rate, taxable value and CGST + SGST or IGST (rate and
 * amount), the totals and the value in words. Amounts come in paise and print as "₹ 1,299.00";
 * the ₹ sign needs a font that has it, so DejaVu Sans (npm dejavu-fonts-ttf) is embedded.
 * The headings carry a Hindi label after the English one, "Tax Invoice / कर बीजक" (docs/behaviour.md §10),
 * set in Noto Sans Devanagari (npm @fontsource/noto-sans-devanagari, its WOFF files: fontkit
 * cannot subset the WOFF2 ones); the English stays the legal text.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { amountInWords } from './amount-in-words';

const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
const DEVANAGARI = '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari';
const FONT_HINDI = require.resolve(`${DEVANAGARI}-400-normal.woff`);
const FONT_HINDI_BOLD = require.resolve(`${DEVANAGARI}-700-normal.woff`);

/**
 * The Hindi printed after an English heading of a GST document (docs/behaviour.md §10). A label not
 * here (GSTIN, HSN, CGST, a charge's name) is printed in English only.
 */
export const HINDI_LABELS: Readonly<Record<string, string>> = {
  'Tax Invoice': 'कर बीजक',
  'Credit Note': 'क्रेडिट नोट',
  'Billed and shipped to': 'बिल और डिलीवरी का पता',
  'Place of supply': 'आपूर्ति का स्थान',
  Description: 'विवरण',
  Qty: 'मात्रा',
  Rate: 'दर',
  'Taxable value': 'कर योग्य मूल्य',
  Total: 'कुल',
  'Invoice total': 'बीजक की कुल राशि',
  'Total credit': 'कुल जमा राशि',
  'Amount in words': 'राशि शब्दों में',
  'Authorised signatory': 'अधिकृत हस्ताक्षरकर्ता',
};

/** One line of a GST document; amounts in paise, the rate in percent (e.g. 5 or 12). */
export type GstLine = {
  description: string;
  hsnCode: string;
  quantity: number;
  /** Price of one piece as charged (or refunded). */
  unitPaise: number;
  taxablePaise: number;
  taxRatePercent: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
};

/** What a tax invoice or credit note prints. */
export type GstDocument = {
  title: 'Tax Invoice' | 'Credit Note';
  number: string;
  issuedAt: Date;
  /** Further facts under the number: order number and date, the original invoice of a credit note. */
  references: { label: string; value: string }[];
  /** `customerCare` and `grievanceOfficer` (consumer rules, behaviour.md "Grievances"): printed when set. */
  seller: {
    name: string;
    address: string;
    gstin: string;
    customerCare?: string | null;
    grievanceOfficer?: string | null;
  };
  /** `gstin`: a business buyer's (a B2B supply), printed as "Buyer GSTIN"; null for a consumer. */
  buyer: { name: string; addressLines: string[]; gstin?: string | null };
  /** e.g. "Karnataka (29)". */
  placeOfSupply: string;
  /** IGST (another state) rather than CGST + SGST. */
  interState: boolean;
  lines: GstLine[];
  /** Rows between the line totals and the grand total, e.g. shipping (positive) or a discount. */
  adjustments: { label: string; paise: number }[];
  /** The document's value: what the buyer pays (invoice) or gets back (credit note). */
  totalPaise: number;
  notes: string[];
};

/** "₹ 1,23,456.50": Indian digit grouping, always two decimals. */
export function formatRupees(paise: number): string {
  const sign = paise < 0 ? '−' : '';
  const rupees = (Math.abs(paise) / 100).toLocaleString('en-IN', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${sign}₹ ${rupees}`;
}

/** "21 Nov 2026" in India time. */
export function formatIndianDate(date: Date): string {
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });
}

const percent = (value: number) => `${Number(value.toFixed(2))}%`;

type Column = { title: string; width: number; align: 'left' | 'right'; cell: (line: GstLine, index: number) => string };

function columnsFor(interState: boolean): Column[] {
  const tax: Column[] = interState
    ? [
        {
          title: 'IGST',
          width: 100,
          align: 'right',
          cell: (l) => `${percent(l.taxRatePercent)}\n${formatRupees(l.igstPaise)}`,
        },
      ]
    : [
        {
          title: 'CGST',
          width: 50,
          align: 'right',
          cell: (l) => `${percent(l.taxRatePercent / 2)}\n${formatRupees(l.cgstPaise)}`,
        },
        {
          title: 'SGST',
          width: 50,
          align: 'right',
          cell: (l) => `${percent(l.taxRatePercent / 2)}\n${formatRupees(l.sgstPaise)}`,
        },
      ];
  return [
    { title: '#', width: 18, align: 'left', cell: (_l, i) => String(i + 1) },
    { title: 'Description', width: 140, align: 'left', cell: (l) => l.description },
    { title: 'HSN', width: 45, align: 'left', cell: (l) => l.hsnCode },
    { title: 'Qty', width: 28, align: 'right', cell: (l) => String(l.quantity) },
    { title: 'Rate', width: 55, align: 'right', cell: (l) => formatRupees(l.unitPaise) },
    { title: 'Taxable value', width: 60, align: 'right', cell: (l) => formatRupees(l.taxablePaise) },
    ...tax,
    { title: 'Total', width: 60, align: 'right', cell: (l) => formatRupees(l.totalPaise) },
  ];
}

/** Renders the document to a PDF; resolves with its bytes. */
export function renderGstPdf(document: GstDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `${document.title} ${document.number}`, Author: document.seller.name },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('regular', FONT_REGULAR);
  pdf.registerFont('bold', FONT_BOLD);
  pdf.registerFont('hindi', FONT_HINDI);
  pdf.registerFont('hindi-bold', FONT_HINDI_BOLD);

  /**
   * `english` then " / " and its Hindi label (HINDI_LABELS), on one line from `x` (left) or ending
   * at `x + width` (right): the Devanagari in its own font, as pdfkit sets one font per run.
   */
  const bilingual = (
    english: string,
    x: number,
    y: number,
    { width, align, bold, size }: { width: number; align: 'left' | 'right'; bold: boolean; size: number },
  ): void => {
    const hindi = HINDI_LABELS[english];
    const latin = bold ? 'bold' : 'regular';
    const runs: [string, string][] = hindi
      ? [
          [`${english} / `, latin],
          [hindi, bold ? 'hindi-bold' : 'hindi'],
        ]
      : [[english, latin]];
    const widths = runs.map(([text, font]) => pdf.font(font).fontSize(size).widthOfString(text));
    let at = align === 'right' ? x + width - widths.reduce((a, b) => a + b, 0) : x;
    runs.forEach(([text, font], i) => {
      pdf.font(font).fontSize(size).text(text, at, y, { lineBreak: false });
      at += widths[i]!;
    });
    // The next line goes under the taller of the two fonts' lines.
    pdf.x = x;
    pdf.y = y + Math.max(...runs.map(([, font]) => pdf.font(font).fontSize(size).currentLineHeight(true)));
    pdf.font(latin).fontSize(size);
  };

  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;
  const bottom = pdf.page.height - pdf.page.margins.bottom;

  // Heading: seller on the left, document title and number on the right.
  bilingual(document.title, left, 40, { width, align: 'right', bold: true, size: 16 });
  pdf
    .font('bold')
    .fontSize(12)
    .text(document.seller.name, left, 40, { width: width / 2 });
  pdf
    .font('regular')
    .fontSize(9)
    .text(document.seller.address, { width: width / 2 });
  pdf.text(`GSTIN: ${document.seller.gstin}`, { width: width / 2 });
  if (document.seller.customerCare) pdf.text(`Customer care: ${document.seller.customerCare}`, { width: width / 2 });
  if (document.seller.grievanceOfficer) {
    pdf.text(`Grievance officer: ${document.seller.grievanceOfficer}`, { width: width / 2 });
  }
  const afterSeller = pdf.y;
  pdf.fontSize(9).text(`No.: ${document.number}`, left + width / 2, 64, { width: width / 2, align: 'right' });
  pdf.text(`Date: ${formatIndianDate(document.issuedAt)}`, { width: width / 2, align: 'right' });
  for (const ref of document.references) pdf.text(`${ref.label}: ${ref.value}`, { width: width / 2, align: 'right' });

  // Buyer and place of supply.
  let y = Math.max(afterSeller, pdf.y) + 14;
  bilingual('Billed and shipped to', left, y, { width: width / 2, align: 'left', bold: true, size: 9 });
  pdf.font('regular').text(document.buyer.name, { width: width / 2 });
  for (const line of document.buyer.addressLines) pdf.text(line, { width: width / 2 });
  if (document.buyer.gstin) pdf.text(`Buyer GSTIN: ${document.buyer.gstin}`, { width: width / 2 });
  const afterBuyer = pdf.y;
  bilingual('Place of supply', left + width / 2, y, { width: width / 2, align: 'right', bold: true, size: 9 });
  pdf.font('regular').text(document.placeOfSupply, left + width / 2, pdf.y, { width: width / 2, align: 'right' });
  pdf.text(document.interState ? 'Inter-state supply: IGST' : 'Intra-state supply: CGST + SGST', {
    width: width / 2,
    align: 'right',
  });
  // A business buyer's block (its GSTIN, the person it ships to) may run below the right-hand one.
  y = pdf.y + 60 > bottom ? bottom : Math.max(Math.max(pdf.y, y) + 40, afterBuyer + 14);

  // The lines.
  const columns = columnsFor(document.interState);
  // Each column's English head, and under it its Hindi one.
  const drawHeader = (top: number): number => {
    let x = left;
    let height = 0;
    for (const c of columns) {
      const options = { width: c.width - 4, align: c.align };
      pdf
        .font('bold')
        .fontSize(8)
        .text(c.title, x + 2, top, options);
      const hindi = HINDI_LABELS[c.title];
      if (hindi)
        pdf
          .font('hindi-bold')
          .fontSize(7)
          .text(hindi, x + 2, pdf.y, options);
      height = Math.max(height, pdf.y - top);
      x += c.width;
    }
    pdf
      .moveTo(left, top + height + 2)
      .lineTo(left + width, top + height + 2)
      .stroke();
    return top + height + 6;
  };
  y = drawHeader(Math.max(y, pdf.y + 20));
  pdf.font('regular').fontSize(8);
  document.lines.forEach((line, index) => {
    const cells = columns.map((c) => c.cell(line, index));
    const height = Math.max(...cells.map((text, i) => pdf.heightOfString(text, { width: columns[i]!.width - 4 }))) + 6;
    if (y + height > bottom) {
      pdf.addPage();
      y = drawHeader(pdf.page.margins.top);
      pdf.font('regular').fontSize(8);
    }
    let x = left;
    cells.forEach((text, i) => {
      pdf.text(text, x + 2, y, { width: columns[i]!.width - 4, align: columns[i]!.align });
      x += columns[i]!.width;
    });
    y += height;
  });
  pdf
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();

  // Totals.
  const sum = (pick: (l: GstLine) => number) => document.lines.reduce((s, l) => s + pick(l), 0);
  const totals: { label: string; paise: number; bold?: boolean }[] = [
    { label: 'Taxable value', paise: sum((l) => l.taxablePaise) },
    ...(document.interState
      ? [{ label: 'IGST', paise: sum((l) => l.igstPaise) }]
      : [
          { label: 'CGST', paise: sum((l) => l.cgstPaise) },
          { label: 'SGST', paise: sum((l) => l.sgstPaise) },
        ]),
    ...document.adjustments,
    {
      label: document.title === 'Credit Note' ? 'Total credit' : 'Invoice total',
      paise: document.totalPaise,
      bold: true,
    },
  ];
  y += 8;
  if (y + totals.length * 16 + 80 > bottom) {
    pdf.addPage();
    y = pdf.page.margins.top;
  }
  for (const row of totals) {
    const size = row.bold ? 10 : 9;
    bilingual(row.label, left + width - 330, y, { width: 220, align: 'right', bold: !!row.bold, size });
    pdf.text(formatRupees(row.paise), left + width - 110, y, { width: 110, align: 'right' });
    y += HINDI_LABELS[row.label] ? 16 : 14;
  }

  bilingual('Amount in words', left, y + 10, { width, align: 'left', bold: true, size: 9 });
  pdf.font('regular').text(amountInWords(document.totalPaise), left, pdf.y, { width });
  pdf.moveDown();
  for (const note of document.notes) pdf.fontSize(8).text(note, { width });
  pdf.moveDown();
  pdf.fontSize(8).text(`For ${document.seller.name}`, { width, align: 'right' });
  bilingual('Authorised signatory', left, pdf.y, { width, align: 'right', bold: false, size: 8 });
  pdf.text('(computer-generated document, no signature required)', left, pdf.y, { width, align: 'right' });

  pdf.end();
  return finished;
}
