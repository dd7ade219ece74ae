import { describe, expect, it } from 'vitest';
import { embeddedFonts, toWinAnsi } from '../../pdf/pdf.js';
import { renderDocumentPdf, type DocumentOutput } from './pdf.js';
import { pdfText } from './pdf-text.js';

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
    expect(flat).toContain('Validuntil2026-03-31');
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
    for (const page of pages) {
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
});
