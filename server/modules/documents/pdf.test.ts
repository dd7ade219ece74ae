import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { embeddedFonts, toWinAnsi } from '../../pdf/pdf.js';
import { renderDocumentPdf, type DocumentOutput } from './pdf.js';
import { pdfText } from './pdf-text.js';
import { documentTotals, type TaxSpec } from '../../../common/documents/totals.js';
import { add, negate } from '../../../common/money.js';
import { formatMoney } from '../../../common/format.js';

const squash = (s: string) => s.replace(/\s+/g, '');

function invoice(overrides: Partial<DocumentOutput> = {}): DocumentOutput {
  return {
    id: 1,
    tenant_id: 1,
    type: 'invoice',
    status: 'draft',
    document_number: 'INV-00042',
    order_number: 'PO-7',
    title: null,
    issued_at: '2026-03-01',
    due_at: '2026-03-31',
    sent_at: null,
    notes: 'Thank you for your business.',
    footer: 'Bank: Equity, account 0123456789',
    currency: { code: 'KES', precision: 2, symbol: 'KSh', symbol_first: true, decimal_mark: '.', thousands_separator: ',' },
    contact: { id: 3, name: 'Acme Traders', email: 'billing@acme.test', tax_number: 'P051', phone: '+254 700 000', address: 'Moi Avenue 1\nNairobi' },
    lines: [
      { name: 'Consulting', description: 'March', quantity: '2.0000', price: '1500.0000', sub_total: '3000.0000', discount: '0', total: '3480.0000', taxes: [{ name: 'VAT', rate: '16.0000', type: 'normal', amount: '480.0000' }] },
    ],
    sub_total: '3000.0000',
    discount_total: '0.0000',
    tax_total: '480.0000',
    taxes: [{ tax_id: 1, name: 'VAT', rate: '16.0000', type: 'normal', amount: '480.0000', included: false }],
    total: '3480.0000',
    paid: '1000.0000',
    amount_due: '2480.0000',
    payments: [{ paid_at: '2026-03-05', amount: '1000.0000', currency_code: 'KES' }],
    company: { name: 'Kazi Demo Ltd', email: 'hello@kazi.test', phone: null, tax_number: 'A123', address: ['Kenyatta Ave 5', '00100 Nairobi', 'Kenya'] },
    logo_file: null,
    columns: { item_name: 'Service', price_name: 'Rate', quantity_name: 'Hours' },
    date_format: 'DD MMM YYYY',
    payment: {
      methods: [
        { name: 'Bank transfer', instructions: null },
        { name: 'M-Pesa', instructions: 'Lipa na M-Pesa, till 5123890' },
      ],
      bank: { name: 'Main account', bank_name: 'Equity Bank', number: '0170291834455' },
    },
    ...overrides,
  };
}

// a 1×1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('renderDocumentPdf', () => {
  it('is a PDF with the number, the contact, the settings column names, each tax and the totals', async () => {
    const pdf = await renderDocumentPdf(invoice(), { logo: PNG });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = pdfText(pdf);
    expect(pages).toHaveLength(1);
    const flat = squash(text);
    for (const s of ['Invoice', 'INV-00042', 'PO-7', 'Acme Traders', 'billing@acme.test', 'Kazi Demo Ltd', 'Taxnumber:A123', 'Service', 'Hours', 'Rate', 'Consulting', 'March']) {
      expect(flat).toContain(squash(s));
    }
    expect(flat).toContain('Sub-totalKSh3,000.00');
    expect(flat).toContain('VAT(16%)KSh480.00');
    expect(flat).toContain('TotalKSh3,480.00');
    expect(flat).toContain('Paid-KSh1,000.00');
    expect(flat).toContain('AmountdueKSh2,480.00');
    expect(flat).toContain(squash('Thank you for your business.'));
    expect(flat).toContain('Page1of1');
  });

  it('marks inclusive taxes as included and an estimate shows no amount due', async () => {
    const pdf = await renderDocumentPdf(
      invoice({
        type: 'estimate',
        taxes: [{ tax_id: 2, name: 'VAT', rate: '16', type: 'inclusive', amount: '413.7900', included: true }],
      }),
    );
    const flat = squash(pdfText(pdf).text);
    expect(flat).toContain('Estimate');
    expect(flat).toContain('VAT(16%),includedKSh413.79');
    expect(flat).toContain('Validuntil31Mar2026');
    expect(flat).not.toContain('Amountdue');
  });

  it('breaks a 200-line document over several pages and repeats the table header on each', async () => {
    const lines = Array.from({ length: 200 }, (_, i) => ({
      name: `Line ${i + 1} ${i % 7 === 0 ? 'with a very long name that has to wrap onto a second line inside its column' : ''}`.trim(),
      description: i % 5 === 0 ? 'A description long enough to wrap as well, because customers write a lot of text here.' : null,
      quantity: '1',
      price: '10',
      sub_total: '10',
      discount: '0',
      total: '10',
      taxes: [],
    }));
    const pdf = await renderDocumentPdf(invoice({ lines, taxes: [], sub_total: '2000', total: '2000', tax_total: '0', paid: '0', amount_due: '2000' }));
    const { pages, text } = pdfText(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(5);
    // every page holding lines repeats the header (notes and payment instructions may run onto a page of their own)
    const withLines = pages.filter((page) => page.some((c) => /^Line \d+/.test(c)));
    expect(withLines.length).toBeGreaterThanOrEqual(5);
    for (const page of withLines) {
      expect(page).toContain('Service');
      expect(page).toContain('Amount');
    }
    const flat = squash(text);
    expect(flat).toContain('Line1with');
    expect(flat).toContain('Line200');
    expect(flat).toContain(`Page${pages.length}of${pages.length}`);
    expect(flat).toContain('TotalKSh2,000.00');
  });

  it('keeps the totals block on one page, whatever the number of lines before it', async () => {
    const line = { name: 'Consulting', description: null, quantity: '1', price: '10', sub_total: '10', discount: '0', total: '10', taxes: [] };
    // from one page to three: somewhere in between, the totals fall at a page's foot
    for (let n = 14; n <= 60; n += 2) {
      const pdf = await renderDocumentPdf(invoice({ lines: Array.from({ length: n }, () => line) }), { embedFont: false });
      const pages = pdfText(pdf).pages.map((p) => squash(p.join('')));
      const withSubTotal = pages.findIndex((p) => p.includes('Sub-total'));
      expect(withSubTotal, `${n} lines`).toBeGreaterThanOrEqual(0);
      expect(pages[withSubTotal], `${n} lines`).toContain('Amountdue');
    }
  });

  it.runIf(embeddedFonts())('prints Swahili, Yoruba and Arabic names with the embedded font', async () => {
    const pdf = await renderDocumentPdf(invoice({ contact: { ...invoice().contact, name: 'Ṣàdé Ọlálékan — شركة النور' }, notes: 'Asante sana, ŋoma' }));
    const text = pdfText(pdf).text;
    expect(text).toContain('Ṣàdé Ọlálékan');
    expect(text).toContain('ŋoma');
    // Arabic is shaped and laid out right to left: the glyphs are stored in visual order
    expect(text).toMatch(/[\u0600-\u06FF\uFE70-\uFEFF]/);
  });

  it('without the embedded font, keeps what WinAnsi can print and drops the accents it cannot', () => {
    expect(toWinAnsi('Ṣàdé Ọlálékan €5')).toBe('Sàdé Olálékan €5');
    expect(toWinAnsi('شركة')).toBe('????');
  });

  it('falls back to Helvetica when no font can be embedded', async () => {
    const pdf = await renderDocumentPdf(invoice({ contact: { ...invoice().contact, name: 'Ṣàdé Café' } }), { embedFont: false });
    const raw = pdf.toString('latin1');
    expect(raw).not.toContain('DejaVu');
    expect(squash(pdfText(pdf).text)).toContain('SàdéCafé');
  });

  describe('shows the figures the screen shows, and they add up', () => {
    const kes = invoice().currency;
    const VAT: TaxSpec = { id: 1, name: 'VAT', rate: '16', type: 'normal' };
    /** a document as the server stores it: common/documents/totals.ts, the same arithmetic the screen shows */
    function stored(lines: { name: string; quantity: string; price: string; discount_rate?: string; taxes: TaxSpec[] }[], discount_rate?: string): DocumentOutput {
      const t = documentTotals({
        precision: 2,
        discount_type: discount_rate ? 'percent' : null,
        discount_rate: discount_rate ?? null,
        lines: lines.map((l) => ({ quantity: l.quantity, price: l.price, discount_type: l.discount_rate ? 'percent' : null, discount_rate: l.discount_rate ?? null, taxes: l.taxes })),
      });
      return invoice({
        lines: lines.map((l, i) => ({
          name: l.name,
          description: null,
          quantity: l.quantity,
          price: l.price,
          sub_total: t.lines[i].sub_total,
          discount: t.lines[i].discount,
          total: t.lines[i].total,
          taxes: t.lines[i].taxes.map((x) => ({ name: x.name, rate: x.rate, type: x.type, amount: x.amount })),
        })),
        sub_total: t.sub_total,
        discount_total: t.discount_total,
        tax_total: t.tax_total,
        taxes: t.taxes.map((x) => ({ ...x })),
        total: t.total,
        paid: '0',
        amount_due: t.total,
      });
    }
    const MONEY = /^-?KSh[\d,]+\.\d{2}$/;
    const units = (text: string) => BigInt(text.replace(/[^\d-]/g, ''));
    /** the money cells of each line's row, and the totals block as label → value, read back from the PDF */
    function read(pdf: Buffer, names: string[]) {
      const cells = pdfText(pdf).pages.flat();
      const rows = names.map((name, i) => {
        const from = cells.indexOf(name);
        const to = i + 1 < names.length ? cells.indexOf(names[i + 1]) : cells.indexOf('Sub-total');
        return cells.slice(from + 1, to).filter((c) => MONEY.test(c));
      });
      const totals = new Map<string, string>();
      for (let i = cells.indexOf('Sub-total'); i >= 0 && i < cells.length - 1; i++) {
        if (MONEY.test(cells[i + 1]) && !MONEY.test(cells[i])) totals.set(cells[i], cells[i + 1]);
      }
      return { cells, rows, totals };
    }

    it('a line\'s Amount is quantity × price before tax: the amounts add up to the Sub-total, and Sub-total − Discount + taxes = Total', async () => {
      // the invoice: 10,440 + 1,740 printed as line amounts under a Sub-total of 10,500
      const doc = stored([
        { name: 'Website design', quantity: '1', price: '9000', taxes: [VAT] },
        { name: 'Conference badge', quantity: '3', price: '500', discount_rate: '10', taxes: [VAT] },
      ]);
      const { rows, totals, cells } = read(await renderDocumentPdf(doc, { embedFont: false }), ['Website design', 'Conference badge']);
      const header = cells.slice(cells.indexOf('Service'), cells.indexOf('Website design'));
      expect(header).toEqual(['Service', 'Hours', 'Rate', 'Discount', 'Amount']);
      // rate, discount (blank on the first line), amount
      expect(rows).toEqual([
        ['KSh9,000.00', 'KSh9,000.00'],
        ['KSh500.00', '-KSh150.00', 'KSh1,500.00'],
      ]);
      expect(totals.get('Sub-total')).toBe('KSh10,500.00');
      expect(totals.get('Discount')).toBe('-KSh150.00');
      expect(totals.get('VAT (16%)')).toBe('KSh1,656.00');
      expect(totals.get('Total')).toBe('KSh12,006.00');
      // the arithmetic a reader does with a pen
      const amounts = rows.map((r) => units(r[r.length - 1]));
      expect(amounts.reduce((a, b) => a + b)).toBe(units(totals.get('Sub-total')!));
      expect(units(totals.get('Sub-total')!) + units(totals.get('Discount')!) + units(totals.get('VAT (16%)')!)).toBe(units(totals.get('Total')!));
      // and they are the stored figures, formatted the one way
      expect(totals.get('Total')).toBe(formatMoney(doc.total, kes));
      expect(amounts.map(String)).toEqual(doc.lines.map((l) => String(units(formatMoney(l.sub_total, kes)))));
      // a line total with its tax is not what the Amount column shows
      expect(cells).not.toContain(formatMoney(doc.lines[0].total, kes));
    });

    it('prints no Discount column when no line has a discount, and a document discount shows on every line it is shared over', async () => {
      const plain = stored([{ name: 'Consulting hour', quantity: '2', price: '7500', taxes: [] }]);
      const a = read(await renderDocumentPdf(plain, { embedFont: false }), ['Consulting hour']);
      expect(a.cells.slice(a.cells.indexOf('Service'), a.cells.indexOf('Consulting hour'))).toEqual(['Service', 'Hours', 'Rate', 'Amount']);
      expect(a.totals.has('Discount')).toBe(false);

      const shared = stored(
        [
          { name: 'Training workshop', quantity: '1', price: '45000', taxes: [VAT] },
          { name: 'Projector hire', quantity: '2', price: '4500', taxes: [VAT] },
        ],
        '5',
      );
      const b = read(await renderDocumentPdf(shared, { embedFont: false }), ['Training workshop', 'Projector hire']);
      const discounts = b.rows.map((r) => units(r[1]));
      expect(discounts.reduce((x, y) => x + y)).toBe(units(b.totals.get('Discount')!));
      expect(b.totals.get('Discount')).toBe(formatMoney(negate(shared.discount_total), kes));
      expect(units(b.totals.get('Sub-total')!) + units(b.totals.get('Discount')!) + units(b.totals.get('VAT (16%)')!)).toBe(units(b.totals.get('Total')!));
      expect(add(shared.sub_total, negate(shared.discount_total), shared.tax_total)).toBe(shared.total);
    });

    it("carries the company's address and tax number, how to pay, the notes and the footer, with dates in the company's format", async () => {
      const doc = invoice({ date_format: 'DD/MM/YYYY' });
      const flat = squash(pdfText(await renderDocumentPdf(doc, { logo: PNG })).text);
      for (const s of ['Kenyatta Ave 5', '00100 Nairobi', 'Kenya', 'Tax number: A123', 'hello@kazi.test']) expect(flat).toContain(squash(s));
      expect(flat).toContain(squash('How to pay'));
      expect(flat).toContain(squash('Bank: Equity Bank, Main account, account 0170291834455'));
      expect(flat).toContain(squash('M-Pesa: Lipa na M-Pesa, till 5123890'));
      expect(flat).toContain(squash('Thank you for your business.'));
      expect(flat).toContain(squash('Bank: Equity, account 0123456789'));
      expect(flat).toContain('Issuedate01/03/2026');
      expect(flat).toContain('Duedate31/03/2026');
    });

    it('a bill carries no payment instructions: the company pays it', async () => {
      const flat = squash(pdfText(await renderDocumentPdf(invoice({ type: 'bill' }))).text);
      expect(flat).not.toContain('Howtopay');
    });
  });
});

describe('the brand colour and the company terms (Settings/Company/Theme and Terms, issue 24)', () => {
  /** every inflated content stream of the PDF, where pdfkit writes its fill colours as "r g b sc" */
  function streams(pdf: Buffer): string {
    const src = pdf.toString('latin1');
    let out = '';
    for (let at = src.indexOf('stream\n'); at >= 0; at = src.indexOf('stream\n', at + 1)) {
      const end = src.indexOf('endstream', at);
      try {
        out += inflateSync(Buffer.from(src.slice(at + 7, end), 'latin1')).toString('latin1');
      } catch {
        // not a deflated stream (an image's bytes)
      }
    }
    return out;
  }
  const rg = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
    return `${r} ${g} ${b} sc`;
  };

  it('fills the table head with the brand colour and prints the terms', async () => {
    const pdf = await renderDocumentPdf(invoice({ theme: { primary: '#0F766E', on_primary: '#FFFFFF', primary_strong: '#0F766E' }, terms: 'Payable within 14 days of the invoice date.' }));
    expect(streams(pdf)).toContain(rg('#0F766E'));
    const flat = squash(pdfText(pdf).text);
    expect(flat).toContain('Terms');
    expect(flat).toContain(squash('Payable within 14 days of the invoice date.'));
    const plain = await renderDocumentPdf(invoice());
    expect(streams(plain)).not.toContain(rg('#0F766E'));
  });
});
