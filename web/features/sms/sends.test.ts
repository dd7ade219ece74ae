import { describe, expect, it } from 'vitest';
import type { DeliveryState } from '@common/answers/sms';
import { draftOf, isMoving, localDateTime, parseNumbers, sendActions, sendProgress, type ComposeState } from './sends';

const counts = (given: Partial<Record<DeliveryState, number>>): Record<DeliveryState, number> => ({
  queued: 0,
  sending: 0,
  sent: 0,
  delivered: 0,
  failed: 0,
  rejected: 0,
  unknown: 0,
  cancelled: 0,
  ...given,
});

describe('sendProgress', () => {
  it('counts every recipient whose SMS left or was refused, not those waiting', () => {
    expect(sendProgress({ recipients: 10, status: 'sending', counts: counts({ queued: 4, sending: 1, sent: 1, delivered: 2, failed: 1, rejected: 1 }) })).toBe(50);
    expect(sendProgress({ recipients: 4, status: 'completed', counts: counts({ delivered: 3, unknown: 1 }) })).toBe(100);
  });
  it('is 0 for a send without recipients unless it completed', () => {
    expect(sendProgress({ recipients: 0, status: 'queued', counts: counts({}) })).toBe(0);
    expect(sendProgress({ recipients: 0, status: 'completed', counts: counts({}) })).toBe(100);
  });
});

describe('actions by status', () => {
  it('moves only queued and sending sends', () => {
    expect(isMoving({ status: 'queued' })).toBe(true);
    expect(isMoving({ status: 'sending' })).toBe(true);
    expect(isMoving({ status: 'paused' })).toBe(false);
    expect(isMoving({ status: 'completed' })).toBe(false);
  });
  it('edits a scheduled send only, deletes a scheduled or cancelled one, resumes a paused one', () => {
    expect(sendActions('scheduled')).toEqual({ pause: false, resume: false, cancel: true, edit: true, remove: true });
    expect(sendActions('sending')).toEqual({ pause: true, resume: false, cancel: true, edit: false, remove: false });
    expect(sendActions('paused')).toEqual({ pause: false, resume: true, cancel: true, edit: false, remove: false });
    expect(sendActions('completed')).toEqual({ pause: false, resume: false, cancel: false, edit: false, remove: false });
    expect(sendActions('cancelled')).toEqual({ pause: false, resume: false, cancel: false, edit: false, remove: true });
  });
});

describe('the draft', () => {
  const state: ComposeState = {
    message: 'Hi {{ first_name }}',
    segment_ids: [3],
    contact_ids: [],
    numbers: '0712 345678\n\n+254700000001, 0712 345678; 0733 000000 ',
    sender_id: '',
    template_id: null,
    when: 'now',
    scheduled_at: '2026-12-01T09:30',
    ignore_quiet_hours: false,
  };
  it('reads pasted numbers one a line or separated, each once', () => {
    expect(parseNumbers(state.numbers)).toEqual(['0712 345678', '+254700000001', '0733 000000']);
    expect(parseNumbers('  \n ,')).toEqual([]);
  });
  it('sends now without a time, later with the local time; the default sender as null', () => {
    expect(draftOf(state)).toEqual({
      message: 'Hi {{ first_name }}',
      audience: { contact_ids: [], segment_ids: [3], numbers: ['0712 345678', '+254700000001', '0733 000000'] },
      sender_id: null,
      scheduled_at: null,
      ignore_quiet_hours: false,
      template_id: null,
    });
    expect(draftOf({ ...state, when: 'later', sender_id: 'KAZI' })).toMatchObject({ scheduled_at: '2026-12-01T09:30', sender_id: 'KAZI' });
  });
  it('shows a stored moment as the company-local time of the box', () => {
    expect(localDateTime('2026-12-01T06:30:00Z', 'Africa/Nairobi')).toBe('2026-12-01T09:30');
    expect(localDateTime('2026-12-01T23:05:00+00:00', 'UTC')).toBe('2026-12-01T23:05');
  });
});
