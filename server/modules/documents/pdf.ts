import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { themeOf } from '../../../common/company.js';
import { add, compare, isZero, negate } from '../../../common/money.js';
import { formatDate, formatMoney, type CurrencyFormat } from '../../../common/format.js';
import type { DocumentRow } from '../../../common/answers/documents.js';
import type { DocumentType } from '../../../common/documents/status.js';
import { rows, type Tx } from '../../db/client.js';
import { accountingLogo, accountingSetting } from '../accounting-settings/service.js';
import { startPdf } from '../../pdf/pdf.js';
import { documents } from './schema.js';
import { documentFields } from './fields.js';
import { lineAmount, plainNumber, sheetColumns, type SheetColumnKey } from '../../../common/documents/sheet.js';

/**
 * What a document's PDF and its e-mails need, read in one place (docs/decisions/0013): the
 * document, the contact as copied onto it, its lines with their taxes, the taxes summed over the
 * lines, the payments recorded against it, the company's identity and the invoice column names.
 */
export interface OutputLine {
  name: string;
  description: string | null;
  quantity: string;
  price: string;
  sub_total: string;
  discount: string;
  total: string;
  taxes: { name: string; rate: string; type: string; amount: string }[];
}

export interface OutputTax {
  tax_id: number;
  name: string;
  rate: string;
  type: string;
  amount: string;
  /** an inclusive tax: already inside the sub-total */
  included: boolean;
}

/** the document's own fields as they print (its answer's, common/answers/documents.ts) */
type PrintedFields = 'id' | 'type' | 'status' | 'document_number' | 'order_number' | 'title' | 'issued_at' | 'due_at' | 'sent_at' | 'notes' | 'footer';
type FigureFields = 'sub_total' | 'discount_total' | 'tax_total' | 'total' | 'amount_due';

export interface DocumentOutput extends Pick<DocumentRow, PrintedFields | FigureFields> {
  tenant_id: number;
  currency: CurrencyFormat;
  contact: { id: number; name: string; email: string | null; tax_number: string | null; phone: string | null; address: string | null };
  lines: OutputLine[];
  taxes: OutputTax[];
  /** payments recorded against the document, in its currency */
  paid: string;
  payments: { paid_at: string; amount: string; currency_code: string }[];
  company: { name: string; email: string | null; phone: string | null; tax_number: string | null; address: string[] };
  /** the stored logo's file name under DATA_DIR/logos, or null */
  logo_file: string | null;
  /** the brand colour (Settings/Company/Theme): the title in its text shade, the table's head on it */
  theme?: { primary: string; on_primary: string; primary_strong: string };
  /** the company's own terms (Settings/Company/Terms) when they are to be printed on documents */
  terms?: string | null;
  columns: { item_name: string; price_name: string; quantity_name: string };
  /** how the company writes dates (accounting settings, General) */
  date_format: string;
  /** how the customer can pay: the enabled offline payment methods and their instructions, and the default bank account */
  payment: { methods: { name: string; instructions: string | null }[]; bank: { name: string; bank_name: string | null; number: string } | null };
}

/** the documents row as read for the PDF: the head fields as they print, then what becomes currency and contact */
interface DocRow
  extends Pick<
    DocumentRow,
    | PrintedFields
    | Exclude<FigureFields, 'amount_due'>
    | 'currency_code'
    | 'currency_rate'
    | 'contact_id'
    | 'contact_name'
    | 'contact_email'
    | 'contact_tax_number'
    | 'contact_phone'
    | 'contact_address'
  > {
  precision: number | null;
  symbol: string | null;
  symbol_first: boolean | null;
  decimal_mark: string | null;
  thousands_separator: string | null;
}

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const ymd = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/** The document `id` of the tenant with everything its PDF and e-mails show, or null when there is none. */
export async function loadDocumentForOutput(tx: Tx, tenantId: number, id: number): Promise<DocumentOutput | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [d] = await rows<DocRow>(
    tx,
    sql`select d.id, d.type, d.status, d.document_number, d.order_number, d.title, d.issued_at::text as issued_at,
               d.due_at::text as due_at, to_char(d.sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as sent_at,
               d.notes, d.footer, d.currency_code, d.currency_rate::text as currency_rate,
               d.contact_id, d.contact_name, d.contact_email, d.contact_tax_number, d.contact_phone, d.contact_address,
               d.sub_total::text as sub_total, d.discount_total::text as discount_total, d.tax_total::text as tax_total, d.total::text as total,
               c.precision, c.symbol, c.symbol_first, c.decimal_mark, c.thousands_separator
          from documents d
          left join currencies c on c.tenant_id = d.tenant_id and c.code = d.currency_code
         where d.tenant_id = ${tenantId} and d.id = ${id}`,
  );
  if (!d) return null;

  const currency: CurrencyFormat = {
    code: d.currency_code,
    precision: d.precision ?? 2,
    symbol: d.symbol ?? '',
    symbol_first: d.symbol_first ?? true,
    decimal_mark: d.decimal_mark ?? '.',
    thousands_separator: d.thousands_separator ?? ',',
  };

  const items = await rows<{ id: number; name: string; description: string | null; quantity: string; price: string; sub_total: string; discount: string; total: string }>(
    tx,
    sql`select id, name, description, quantity::text as quantity, price::text as price, sub_total::text as sub_total,
               discount::text as discount, total::text as total
          from document_items where tenant_id = ${tenantId} and document_id = ${id} order by position, id`,
  );
  const itemTaxes = await rows<{ document_item_id: number; tax_id: number; name: string; rate: string; type: string; amount: string }>(
    tx,
    sql`select document_item_id, tax_id, name, rate::text as rate, type, amount::text as amount
          from document_item_taxes where tenant_id = ${tenantId} and document_id = ${id} order by id`,
  );
  const byItem = new Map<number, OutputLine['taxes']>();
  const summed = new Map<number, OutputTax>();
  for (const t of itemTaxes) {
    const list = byItem.get(Number(t.document_item_id)) ?? [];
    list.push({ name: t.name, rate: t.rate, type: t.type, amount: t.amount });
    byItem.set(Number(t.document_item_id), list);
    const s = summed.get(Number(t.tax_id));
    if (s) s.amount = add(s.amount, t.amount);
    else summed.set(Number(t.tax_id), { tax_id: Number(t.tax_id), name: t.name, rate: t.rate, type: t.type, amount: t.amount, included: t.type === 'inclusive' });
  }

  const payments = await rows<{ paid_at: string; amount: string; currency_code: string }>(
    tx,
    sql`select paid_at::text as paid_at, amount::text as amount, currency_code
          from transactions where tenant_id = ${tenantId} and document_id = ${id} order by paid_at, id`,
  );
  // what is paid is read from the ledger, as the documents service does (decision 0011)
  const [{ paid, due }] = await tx
    .select({ paid: documentFields.amount_paid, due: documentFields.amount_due })
    .from(documents)
    .where(and(eq(documents.tenantId, tenantId), eq(documents.id, id)));

  const general = await accountingSetting(tx, tenantId, 'general');
  const invoices = await accountingSetting(tx, tenantId, 'invoices');
  const defaults = await accountingSetting(tx, tenantId, 'defaults');
  const methods = await rows<{ name: string; instructions: string | null }>(
    tx,
    sql`select name, instructions from payment_methods where tenant_id = ${tenantId} and enabled order by position, id`,
  );
  const [bank] = defaults.account_id
    ? await rows<{ name: string; bank_name: string | null; number: string }>(
        tx,
        sql`select name, bank_name, number from bank_accounts where tenant_id = ${tenantId} and id = ${defaults.account_id} and enabled`,
      )
    : [];
  const cityLine = [general.postal_code, general.city].filter(Boolean).join(' ');
  return {
    id: Number(d.id),
    tenant_id: tenantId,
    type: d.type,
    status: d.status,
    document_number: d.document_number,
    order_number: d.order_number,
    title: d.title,
    issued_at: ymd(d.issued_at),
    due_at: d.due_at ? ymd(d.due_at) : null,
    sent_at: str(d.sent_at),
    notes: d.notes,
    footer: d.footer,
    currency,
    contact: {
      id: Number(d.contact_id),
      name: d.contact_name,
      email: d.contact_email,
      tax_number: d.contact_tax_number,
      phone: d.contact_phone,
      address: d.contact_address,
    },
    lines: items.map((i) => ({
      name: i.name,
      description: i.description,
      quantity: i.quantity,
      price: i.price,
      sub_total: i.sub_total,
      discount: i.discount,
      total: i.total,
      taxes: byItem.get(Number(i.id)) ?? [],
    })),
    sub_total: d.sub_total,
    discount_total: d.discount_total,
    tax_total: d.tax_total,
    taxes: [...summed.values()],
    total: d.total,
    paid,
    amount_due: compare(due, '0') < 0 ? '0' : due,
    payments: payments.map((p) => ({ paid_at: ymd(p.paid_at), amount: p.amount, currency_code: p.currency_code })),
    company: {
      name: general.name,
      email: general.email,
      phone: general.phone,
      tax_number: general.tax_number,
      address: [general.street, cityLine, general.province, general.country].filter((l): l is string => Boolean(l)),
    },
    logo_file: await accountingLogo(tx, tenantId),
    ...(await brandOf(tx, tenantId)),
    columns: { item_name: invoices.item_name, price_name: invoices.price_name, quantity_name: invoices.quantity_name },
    date_format: general.date_format,
    payment: { methods, bank: bank ?? null },
  };
}

/**
 * The company's brand colour and its terms for documents. Read as SQL, not through the
 * company-settings module, which sits beside this one in the module order (decision 0016):
 * tenants.settings.brand_color and the company_profiles row are what that module writes.
 */
async function brandOf(tx: Tx, tenantId: number): Promise<Pick<DocumentOutput, 'theme' | 'terms'>> {
  const [b] = await rows<{ colour: string | null; terms: string | null; on_documents: boolean | null }>(
    tx,
    sql`select t.settings->>'brand_color' as colour, p.terms, p.terms_on_documents as on_documents
          from tenants t left join company_profiles p on p.tenant_id = t.id where t.id = ${tenantId}`,
  );
  const theme = themeOf(b?.colour ?? null);
  return { theme: { primary: theme.primary, on_primary: theme.on_primary, primary_strong: theme.primary_strong }, terms: b?.on_documents === false ? null : (b?.terms ?? null) };
}

/** The company logo's bytes when pdfkit can draw it (PNG or JPEG); WebP, SVG and anything else are left out. */
export function readLogo(dataDir: string, file: string | null): Buffer | null {
  if (!file || !/^[0-9a-f]{32}\.(png|jpg)$/.test(file)) return null;
  const path = join(dataDir, 'logos', file);
  if (!existsSync(path)) return null;
  const buf = readFileSync(path);
  const png = buf.length > 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff;
  return png || jpeg ? buf : null;
}

// ------------------------------------------------------------------ layout

/** The payment instructions as lines: the default bank account, then each offline method ("Cash", "M-Pesa: Till 5123890"). */
export function paymentText(payment: DocumentOutput['payment']): string | null {
  const lines: string[] = [];
  if (payment.bank) lines.push(`Bank: ${[payment.bank.bank_name, payment.bank.name].filter(Boolean).join(', ')}, account ${payment.bank.number}`);
  for (const m of payment.methods) lines.push(m.instructions ? `${m.name}: ${m.instructions}` : m.name);
  return lines.length ? lines.join('\n') : null;
}

const TITLES: Record<DocumentType, string> = { invoice: 'Invoice', bill: 'Bill', estimate: 'Estimate' };
const CONTACT_LABEL: Record<DocumentType, string> = { invoice: 'Bill to', bill: 'Vendor', estimate: 'Prepared for' };
const DUE_LABEL: Record<DocumentType, string> = { invoice: 'Due date', bill: 'Due date', estimate: 'Valid until' };


const MARGIN = 50;
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';

export interface PdfOptions {
  /** PNG or JPEG bytes of the company logo (readLogo) */
  logo?: Buffer | null;
  /** false: Helvetica even when DejaVu Sans is installed */
  embedFont?: boolean;
}

/**
 * The printable document (A4): company block with the logo, title and number, dates, the
 * contact, the lines (long names and descriptions wrap; the table header is repeated on every
 * page), totals with each tax, what is paid and due, notes, footer and page numbers.
 */
export async function renderDocumentPdf(doc: DocumentOutput, opts: PdfOptions = {}): Promise<Buffer> {
  const { pdf, done, regular: REGULAR, bold: BOLD, text: t } = await startPdf(
    {
      size: 'A4',
      margin: MARGIN,
      bufferPages: true,
      info: { Title: `${TITLES[doc.type]} ${doc.document_number}`, Author: doc.company.name, Subject: `${TITLES[doc.type]} ${doc.document_number}` },
    },
    opts.embedFont !== false,
  );
  const money = (v: string) => t(formatMoney(v, doc.currency));
  const date = (v: string) => formatDate(v, doc.date_format);

  const left = MARGIN;
  const width = pdf.page.width - MARGIN * 2;
  const right = left + width;
  const bottom = () => pdf.page.height - MARGIN - 20; // room for the page number

  // ---- header: logo left, company right
  let y = MARGIN;
  let logoBottom = y;
  if (opts.logo) {
    try {
      pdf.image(opts.logo, left, y, { fit: [140, 60] });
      logoBottom = y + 60;
    } catch {
      // an image pdfkit cannot read: the document goes out without it
    }
  }
  const companyX = left + 220;
  const companyW = width - 220;
  pdf.font(BOLD).fontSize(12).fillColor(INK).text(t(doc.company.name), companyX, y, { width: companyW, align: 'right' });
  pdf.font(REGULAR).fontSize(9).fillColor(MUTED);
  const companyLines = [
    ...doc.company.address,
    doc.company.tax_number ? `Tax number: ${doc.company.tax_number}` : null,
    doc.company.email,
    doc.company.phone,
  ].filter((l): l is string => Boolean(l));
  for (const line of companyLines) pdf.text(t(line), companyX, pdf.y, { width: companyW, align: 'right' });
  y = Math.max(pdf.y, logoBottom) + 24;

  // ---- title, number, dates
  pdf.font(BOLD).fontSize(22).fillColor(doc.theme?.primary_strong ?? INK).text(TITLES[doc.type], left, y, { width: width / 2 });
  if (doc.title) pdf.font(REGULAR).fontSize(10).fillColor(MUTED).text(t(doc.title), left, pdf.y, { width: width / 2 });
  const titleBottom = pdf.y;
  const meta: [string, string][] = [
    [`${TITLES[doc.type]} number`, doc.document_number],
    ...(doc.order_number ? ([['Order number', doc.order_number]] as [string, string][]) : []),
    ['Issue date', date(doc.issued_at)],
    ...(doc.due_at ? ([[DUE_LABEL[doc.type], date(doc.due_at)]] as [string, string][]) : []),
  ];
  let my = y + 2;
  for (const [label, value] of meta) {
    pdf.font(REGULAR).fontSize(9).fillColor(MUTED).text(label, left + width / 2, my, { width: width / 4 });
    pdf.font(BOLD).fontSize(9).fillColor(INK).text(t(value), left + (width * 3) / 4, my, { width: width / 4, align: 'right' });
    my = pdf.y + 3;
  }
  y = Math.max(titleBottom, my) + 18;

  // ---- contact
  pdf.font(REGULAR).fontSize(8).fillColor(MUTED).text(CONTACT_LABEL[doc.type].toUpperCase(), left, y, { characterSpacing: 0.5 });
  pdf.font(BOLD).fontSize(11).fillColor(INK).text(t(doc.contact.name), left, pdf.y + 2, { width: width / 2 });
  pdf.font(REGULAR).fontSize(9).fillColor(INK);
  for (const line of [
    doc.contact.address,
    doc.contact.tax_number ? `Tax number: ${doc.contact.tax_number}` : null,
    doc.contact.email,
    doc.contact.phone,
  ]) {
    if (line) pdf.text(t(line), left, pdf.y, { width: width / 2 });
  }
  y = pdf.y + 20;

  // ---- lines table
  // the screen's columns (common/documents/sheet.ts): Discount only when a line has one
  const WIDTHS: Record<SheetColumnKey, number> = { item: 0, quantity: 60, price: 90, discount: 80, amount: 95 };
  const cols = sheetColumns(doc.lines, { item: doc.columns.item_name, quantity: doc.columns.quantity_name, price: doc.columns.price_name }).map((c) => ({
    key: c.key,
    label: c.label,
    w: WIDTHS[c.key],
    align: c.align === 'start' ? ('left' as const) : ('right' as const),
  }));
  cols[0].w = width - cols.slice(1).reduce((s, c) => s + c.w, 0);
  const PAD = 4;
  const colX = (i: number) => left + cols.slice(0, i).reduce((s, c) => s + c.w, 0);

  const header = () => {
    pdf.font(BOLD).fontSize(8.5).fillColor(INK);
    const h = Math.max(...cols.map((c) => pdf.heightOfString(t(c.label), { width: c.w - PAD * 2 }))) + 8;
    pdf.rect(left, y, width, h).fill(doc.theme?.primary ?? '#f3f4f6');
    pdf.fillColor(doc.theme?.on_primary ?? INK);
    cols.forEach((c, i) => pdf.text(t(c.label), colX(i) + PAD, y + 4, { width: c.w - PAD * 2, align: c.align }));
    y += h;
  };
  const newPage = () => {
    pdf.addPage();
    y = MARGIN;
  };
  header();

  for (const line of doc.lines) {
    const cell: Record<SheetColumnKey, string | null> = {
      item: null,
      quantity: plainNumber(line.quantity),
      price: money(line.price),
      discount: isZero(line.discount) ? '' : money(negate(line.discount)),
      amount: money(lineAmount(line)),
    };
    const cells = cols.map((c) => cell[c.key]);
    pdf.font(BOLD).fontSize(9);
    const nameH = pdf.heightOfString(t(line.name), { width: cols[0].w - PAD * 2 });
    pdf.font(REGULAR).fontSize(8);
    const descH = line.description ? pdf.heightOfString(t(line.description), { width: cols[0].w - PAD * 2 }) + 2 : 0;
    pdf.fontSize(9);
    const otherH = Math.max(...cells.slice(1).map((c, i) => (c ? pdf.heightOfString(c, { width: cols[i + 1].w - PAD * 2 }) : 0)));
    const h = Math.max(nameH + descH, otherH) + 10;
    if (y + h > bottom()) {
      newPage();
      header();
    }
    pdf.font(BOLD).fontSize(9).fillColor(INK).text(t(line.name), colX(0) + PAD, y + 5, { width: cols[0].w - PAD * 2 });
    if (line.description) pdf.font(REGULAR).fontSize(8).fillColor(MUTED).text(t(line.description), colX(0) + PAD, pdf.y + 2, { width: cols[0].w - PAD * 2 });
    pdf.font(REGULAR).fontSize(9).fillColor(INK);
    cells.forEach((c, i) => {
      if (i > 0 && c) pdf.text(c, colX(i) + PAD, y + 5, { width: cols[i].w - PAD * 2, align: cols[i].align });
    });
    y += h;
    pdf.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();
  }
  y += 12;

  // ---- totals
  const totals: { label: string; value: string; strong?: boolean }[] = [{ label: 'Sub-total', value: money(doc.sub_total) }];
  if (!isZero(doc.discount_total)) totals.push({ label: 'Discount', value: money(negate(doc.discount_total)) });
  for (const tax of doc.taxes) {
    const rate = tax.type === 'fixed' ? '' : ` (${plainNumber(tax.rate)}%)`;
    totals.push({ label: `${tax.name}${rate}${tax.included ? ', included' : ''}`, value: money(tax.amount) });
  }
  totals.push({ label: 'Total', value: money(doc.total), strong: true });
  if (doc.type !== 'estimate') {
    if (!isZero(doc.paid)) totals.push({ label: 'Paid', value: money(negate(doc.paid)) });
    totals.push({ label: 'Amount due', value: money(doc.amount_due), strong: true });
  }
  const labelX = left + width / 2;
  const labelW = width / 2 - 100;
  const rowHeight = (row: (typeof totals)[number]) => {
    pdf.font(row.strong ? BOLD : REGULAR).fontSize(row.strong ? 10.5 : 9.5);
    return Math.max(pdf.heightOfString(t(row.label), { width: labelW }), pdf.heightOfString(row.value, { width: 100 })) + 6;
  };
  // the totals stay together: a sub-total on one page and its total on the next reads as two documents
  const block = totals.reduce((sum, row) => sum + rowHeight(row), 0);
  if (y + block > bottom() && block < bottom() - MARGIN) newPage();
  for (const row of totals) {
    const h = rowHeight(row);
    if (y + h > bottom()) newPage();
    if (row.strong) pdf.moveTo(labelX, y - 2).lineTo(right, y - 2).lineWidth(0.75).strokeColor(INK).stroke();
    pdf.fillColor(row.strong ? INK : MUTED).text(t(row.label), labelX, y + 1, { width: labelW });
    pdf.fillColor(INK).text(row.value, labelX + labelW, y + 1, { width: 100, align: 'right' });
    y += h;
  }
  y += 16;

  // ---- notes, how to pay (what the company is paid with: not on bills, which are the vendor's), footer
  for (const [label, value] of [
    ['Notes', doc.notes],
    ['How to pay', doc.type === 'bill' ? null : paymentText(doc.payment)],
    ['Terms', doc.terms ?? null],
    ['', doc.footer],
  ] as const) {
    if (!value) continue;
    pdf.font(REGULAR).fontSize(9);
    const h = pdf.heightOfString(t(value), { width }) + (label ? 14 : 0);
    if (y + h > bottom()) newPage();
    if (label) {
      pdf.font(BOLD).fontSize(9).fillColor(INK).text(label, left, y, { width });
      y = pdf.y + 2;
    }
    pdf.font(REGULAR).fontSize(9).fillColor(label ? INK : MUTED).text(t(value), left, y, { width, align: label ? 'left' : 'center' });
    y = pdf.y + 12;
  }

  // ---- page numbers
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    pdf.font(REGULAR).fontSize(8).fillColor(MUTED);
    // text below the bottom margin would start a new page: lift the margin while writing it
    const savedBottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf.text(`${t(doc.document_number)} · Page ${i + 1} of ${range.count}`, left, pdf.page.height - MARGIN + 4, { width, align: 'center', lineBreak: false });
    pdf.page.margins.bottom = savedBottom;
  }
  pdf.end();
  return done;
}
