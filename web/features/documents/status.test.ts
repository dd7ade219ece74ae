import { describe, expect, it } from 'vitest';
import { DOCUMENT_STATUSES } from '@common/documents/status';
import { documentStatusLabel, documentStatusTone, STATUS_LABELS, STATUS_TONES } from './status';

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
