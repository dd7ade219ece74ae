import { formatDate, formatFigure } from '../../../common/format.js';
import { REPORT_TYPE_LABELS, type ReportData } from '../../../common/reports/types.js';
import { csvLine } from '../../http/import/csv.js';
import { writeXlsx } from '../../http/import/xlsx.js';
import { startPdf } from '../../pdf/pdf.js';

/**
 * The files of a report: the same table the Show page draws, as CSV, XLSX or PDF. Spreadsheets
 * get the account code and name columns then one number column per period (numbers as numbers,
 * so they add up in the sheet); the PDF is a plain table under the company name and the period.
 */

/** "01 Jan 2026 to 31 Dec 2026" / "As of 24 Nov 2026", in the company's date format */
export const periodText = (d: Pick<ReportData, 'range' | 'as_of' | 'date_format'>) => {
  const date = (v: string | null) => formatDate(v, d.date_format);
  return d.range ? `${date(d.range.from)} to ${date(d.range.to)}` : `As of ${date(d.as_of)}`;
};

function grid(d: ReportData): { header: string[]; body: (string | null)[][] } {
  const header = ['Code', 'Account', ...d.columns.map((c) => `${c} (${d.currency.code})`)];
  const body = d.rows.map((r) => [r.code ?? null, r.label, ...(r.kind === 'section' ? d.columns.map(() => null) : r.values)]);
  return { header, body };
}

export function reportCsv(d: ReportData): string {
  const { header, body } = grid(d);
  return '\ufeff' + csvLine(header) + body.map((r) => csvLine(r)).join('');
}

export async function reportXlsx(d: ReportData): Promise<Buffer> {
  const { header, body } = grid(d);
  const typed = body.map((r) => r.map((v, i) => (i >= 2 && v !== null ? Number(v) : v)));
  return writeXlsx(d.report.name, header, typed);
}

export async function reportPdf(d: ReportData): Promise<Buffer> {
  const landscape = d.columns.length > 4;
  const { pdf: doc, done, regular, bold, text } = await startPdf({ size: 'A4', layout: landscape ? 'landscape' : 'portrait', margin: 36, info: { Title: d.report.name } });
  // the currency is named once in the heading; cells hold the number only
  const money = (v: string) => formatFigure(v, d.currency);

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font(bold).fontSize(16).text(text(d.company), left, doc.y);
  doc.font(regular).fontSize(12).text(text(`${d.report.name} — ${REPORT_TYPE_LABELS[d.report.type]}`));
  doc.fontSize(9).fillColor('#475569').text(`${periodText(d)} · amounts in ${d.currency.code}`).fillColor('#0f172a');
  doc.moveDown(0.8);

  // the label column takes what the number columns leave, numbers at least 62 pt each
  const numberWidth = Math.max(62, Math.min(110, (width * 0.6) / Math.max(1, d.columns.length)));
  const labelWidth = Math.max(120, width - numberWidth * d.columns.length);
  const size = d.columns.length > 10 ? 6.5 : d.columns.length > 6 ? 7.5 : 9;
  const rowHeight = size + 7;
  const bottom = doc.page.height - doc.page.margins.bottom;

  const drawRow = (cells: string[], style: 'head' | 'section' | 'row' | 'total' | 'grand') => {
    if (doc.y + rowHeight > bottom) doc.addPage();
    const y = doc.y;
    if (style === 'head' || style === 'grand') doc.rect(left, y - 2, width, rowHeight).fill('#eef2ff').fillColor('#0f172a');
    doc.font(style === 'row' ? regular : bold).fontSize(size);
    doc.text(text(cells[0]), left + 2, y, { width: labelWidth - 4, lineBreak: false, ellipsis: true });
    cells.slice(1).forEach((c, i) => doc.text(c, left + labelWidth + i * numberWidth, y, { width: numberWidth - 4, align: 'right', lineBreak: false }));
    if (style === 'total') doc.moveTo(left, y - 2).lineTo(left + width, y - 2).lineWidth(0.5).strokeColor('#cbd5e1').stroke();
    doc.x = left;
    doc.y = y + rowHeight;
  };

  drawRow(['', ...d.columns], 'head');
  if (d.empty) {
    doc.font(regular).fontSize(10).text(d.empty, left, doc.y + 6);
  } else {
    for (const r of d.rows) {
      const label = r.code ? `${r.code}  ${r.label}` : r.label;
      drawRow([label, ...(r.kind === 'section' ? [] : r.values.map(money))], r.kind);
    }
  }
  doc.end();
  return done;
}
