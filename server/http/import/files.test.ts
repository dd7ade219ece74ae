import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { cellText, neutralise, unneutralise } from './cells.js';
import { csvLine, detectDelimiter, FileReadError, parseCsv, writeCsv } from './csv.js';
import { parseUpload } from './parse.js';
import { readXlsx, writeXlsx } from './xlsx.js';
import { readXlsxRows, xlsxFile } from './testing.js';

const rows = (text: string | Buffer) => parseCsv(Buffer.isBuffer(text) ? text : Buffer.from(text)).rows;

describe('CSV reading (RFC 4180)', () => {
  it('reads quoted fields with delimiters, doubled quotes and embedded newlines (CRLF or LF)', () => {
    expect(rows('a,b,c\r\n"x, y","say ""hi""","line 1\r\nline 2"\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'line 1\r\nline 2'],
    ]);
    expect(rows('a,b\n1,"2\n3"\n4,5')).toEqual([['a', 'b'], ['1', '2\n3'], ['4', '5']]);
  });

  it('drops a UTF-8 BOM and falls back to Windows-1252 for bytes that are not UTF-8', () => {
    expect(rows('\ufeffName,City\nZoë,Köln\n')).toEqual([['Name', 'City'], ['Zoë', 'Köln']]);
    const latin = Buffer.from([0x4e, 0x61, 0x6d, 0x65, 0x0a, 0x5a, 0x6f, 0xeb, 0x20, 0x80, 0x0a]); // "Name\nZoë €" in cp1252
    expect(rows(latin)).toEqual([['Name'], ['Zoë €']]);
  });

  it('detects ; and tab delimiters from the first record, ignoring quoted ones', () => {
    expect(detectDelimiter('a;b;c\n1,5;2,5;3')).toBe(';');
    expect(detectDelimiter('"a,b,c";d;e\n')).toBe(';');
    expect(detectDelimiter('a\tb\n')).toBe('\t');
    expect(detectDelimiter('name\nx')).toBe(',');
    expect(rows('Amount;Note\n"1,50";"a;b"\n')).toEqual([['Amount', 'Note'], ['1,50', 'a;b']]);
  });

  it('accepts a stray quote inside an unquoted field, refuses an unclosed quoted one', () => {
    expect(rows('a\n5" pipe\n')).toEqual([['a'], ['5" pipe']]);
    expect(() => rows('a\n"never closed\n')).toThrow(FileReadError);
  });

  it('keeps blank lines as empty rows, so row numbers match the spreadsheet', () => {
    expect(rows('a\n1\n\n2\n')).toEqual([['a'], ['1'], [''], ['2']]);
  });
});

describe('CSV writing and formula neutralising', () => {
  it('quotes what needs quoting and ends lines with CRLF', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines', ' padded', null, 3, true, false])).toBe(
      'plain,"a,b","say ""hi""","two\nlines"," padded",,3,Yes,No\r\n',
    );
  });

  it('neutralises cells that start a formula (= + - @ tab CR) that could run something, not numbers or phone numbers', () => {
    expect(['=1+1', '+SUM(A1)', '@cmd', '\t=x', '\r=x', '-A1', '+254 7-cmd|x', "+'x'", '-12.50', '12', 'a=b'].map(neutralise)).toEqual([
      "'=1+1",
      "'+SUM(A1)",
      "'@cmd",
      "'\t=x",
      "'\r=x",
      "'-A1",
      "'+254 7-cmd|x",
      "'+'x'",
      '-12.50',
      '12',
      'a=b',
    ]);
    // a phone number exports as written: nothing in it can call a function or a link
    expect(['+254 712 345 678', '+254712345678', '+1 (555) 010-9999', '-2+3'].map(neutralise)).toEqual(['+254 712 345 678', '+254712345678', '+1 (555) 010-9999', '-2+3']);
    expect(csvLine(['+254 712 345 678'])).toBe('+254 712 345 678\r\n');
    // but a + with nothing to compute is not a phone number
    expect(neutralise('+')).toBe("'+");
    expect(csvLine(['=HYPERLINK("http://x","click")'])).toBe(`"'=HYPERLINK(""http://x"",""click"")"\r\n`);
    expect(unneutralise("'=1+1")).toBe('=1+1');
    expect(unneutralise("'quoted")).toBe("'quoted");
  });

  it('round-trips: what writeCsv writes, parseCsv reads back (BOM, quotes, newlines, formulas)', () => {
    const data = [
      ['Name', 'Note', 'Amount'],
      ['Zoë "Z" Ltd', 'line 1\r\nline 2', '-10.25'],
      ['=evil()', 'a;b,c', '0'],
    ];
    const text = writeCsv(data);
    expect(text.startsWith('\ufeff')).toBe(true);
    const back = rows(text).map((r) => r.map(unneutralise));
    expect(back).toEqual(data);
  });

  it('writes lists of records as their names and dates as ISO dates', () => {
    expect(cellText([{ id: 1, name: 'VAT' }, { id: 2, name: 'Levy' }])).toBe('VAT, Levy');
    expect(cellText({ id: 3, name: 'Food' })).toBe('Food');
    expect(cellText(new Date('2026-01-31T00:00:00Z'))).toBe('2026-01-31');
  });
});

describe('XLSX reading and writing', () => {
  it('reads the first sheet: numbers, booleans, dates, formulas (their result), rich text; blank rows keep numbering', async () => {
    const buf = await xlsxFile([
      ['Name', 'Amount', 'Paid', 'Date', 'Total', 'Rich'],
      ['A', 12.5, true, new Date(Date.UTC(2026, 0, 31)), { formula: 'B2*2', result: 25 }, { richText: [{ text: 'x' }, { text: 'y' }] }],
      [],
      ['B'],
    ]);
    const { rows: got } = await readXlsx(buf);
    expect(got).toEqual([['Name', 'Amount', 'Paid', 'Date', 'Total', 'Rich'], ['A', '12.5', 'true', '2026-01-31', '25', 'xy'], [], ['B']]);
  });

  it('writes typed cells and neutralised text, and reads back what it wrote', async () => {
    const buf = await writeXlsx('Customers', ['Name', 'Count', 'On', 'Day'], [
      ['=2+2', 3, true, new Date(Date.UTC(2026, 1, 1))],
      ['Plain', null, false, null],
    ]);
    const back = await readXlsxRows(buf);
    expect(back[0]).toEqual(['Name', 'Count', 'On', 'Day']);
    expect(back[1]).toEqual(["'=2+2", 3, true, new Date(Date.UTC(2026, 1, 1))]);
    expect(back[2].slice(0, 3)).toEqual(['Plain', undefined, false]);
    const parsed = await parseUpload('x.xlsx', buf);
    expect(parsed.rows).toEqual([
      ['=2+2', '3', 'true', '2026-02-01'],
      ['Plain', '', 'false', ''],
    ]);
  });

  it('stops reading a long sheet one row past the limit', async () => {
    const buf = await xlsxFile([['Name'], ...Array.from({ length: 500 }, (_, i) => [`Row ${i}`])]);
    const { rows: got } = await readXlsx(buf, 10);
    expect(got).toHaveLength(11);
    await expect(parseUpload('long.xlsx', buf, 10)).rejects.toThrow('more than 10 rows');
  });

  it('refuses a file that only claims to be XLSX', async () => {
    await expect(readXlsx(Buffer.from('PK\u0003\u0004not a zip'))).rejects.toThrow(FileReadError);
  });
});

describe('parseUpload', () => {
  it('trims and de-duplicates headers, pads short rows, skips blank rows with their numbers', async () => {
    const p = await parseUpload('a.csv', Buffer.from('\n Name ,Email,Email,\nA,a@x\n\n,,\nB,b@x,c@x\n'));
    expect(p.headers).toEqual(['Name', 'Email', 'Email (2)']);
    expect(p.rows).toEqual([
      ['A', 'a@x', ''],
      ['B', 'b@x', 'c@x'],
    ]);
    expect(p.lines).toEqual([3, 6]);
  });

  it('limits the rows (also when most lines are blank)', async () => {
    await expect(parseUpload('a.csv', Buffer.from('h\n' + 'x\n'.repeat(11)), 10)).rejects.toThrow('more than 10 rows');
    await expect(parseUpload('a.csv', Buffer.from('h\n' + '\n'.repeat(2000) + 'x\n'), 10)).rejects.toThrow('more than 10 rows');
    expect((await parseUpload('a.csv', Buffer.from('h\n' + 'x\n'.repeat(10)), 10)).rows).toHaveLength(10);
  });

  it('reads a 10,000-row CSV written by writeCsv back exactly', async () => {
    const data = Array.from({ length: 10_000 }, (_, i) => [`Name ${i}`, `n${i}@example.test`, i % 7 ? 'yes' : 'no']);
    const p = await parseUpload('big.csv', Buffer.from(writeCsv([['Name', 'Email', 'Enabled'], ...data])));
    expect(p.rows).toEqual(data);
    expect(parse(writeCsv(data).slice(1))).toHaveLength(10_000);
  });
});
