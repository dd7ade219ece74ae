import { describe, expect, it } from 'vitest';
import { DOCUMENT_STATUSES } from '@common/documents/status';
import { documentStatusLabel, documentStatusTone, STATUS_LABELS, STATUS_TONES } from './status';
import { cancelWords } from './kinds';

describe('document status badges', () => {
  it('every status of every document type has its own label and tone', () => {
    const all = new Set(Object.values(DOCUMENT_STATUSES).flat());
    for (const status of [...all, 'overdue']) {
      expect(STATUS_LABELS[status], status).toBeTruthy();
      expect(STATUS_TONES[status], status).toBeTruthy();
    }
  });

  it('reads as a user would say it', () => {
    expect(documentStatusLabel('partial')).toBe('Partially paid');
    expect(documentStatusLabel('draft')).toBe('Draft');
    expect(documentStatusLabel('on_hold')).toBe('On hold');
    expect(documentStatusTone('paid')).toBe('success');
    expect(documentStatusTone('overdue')).toBe('danger');
    expect(documentStatusTone('mystery')).toBe('secondary');
  });
});

describe('the words of cancelling a document', () => {
  const invoice = { type: 'invoice' as const, noun: 'invoice', label: 'Invoice' };
  it('a draft reverses nothing, and says so', () => {
    const w = cancelWords(invoice, 'draft', 'INV-00001');
    expect(w.button).toBe('Cancel draft');
    expect(w.title).toBe('Cancel this draft invoice?');
    expect(w.body).toContain('never entered in the books');
    expect(w.body).not.toContain('reversed');
  });
  it('an issued invoice or bill is voided and its entry reversed', () => {
    const w = cancelWords(invoice, 'sent', 'INV-00002');
    expect(w).toMatchObject({ button: 'Void invoice', title: 'Void this invoice?', confirm: 'Void invoice' });
    expect(w.body).toBe('Invoice INV-00002 will no longer count as owed; its entry in the books is reversed. It can be set back to draft later.');
    expect(cancelWords({ type: 'bill', noun: 'bill', label: 'Bill' }, 'received', 'BILL-1').body).toContain('owed by you');
  });
  it('never reads a bare "Cancel", the word of closing a dialog', () => {
    for (const status of ['draft', 'sent', 'partial']) expect(cancelWords(invoice, status, 'X').button).not.toBe('Cancel');
  });
});
