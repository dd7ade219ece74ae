import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { SendRecord } from '../delivery/index.js';
import { emailChannel, withFooter } from './channel.js';

const send = (senderId: string | null): SendRecord => ({
  id: 1,
  tenantId: 1,
  channel: 'email',
  status: 'sending',
  driver: 'mailgun',
  body: 'Subject',
  senderId,
  personalised: true,
  amount: null,
  currency: null,
  ignoreQuietHours: false,
});

describe('the email channel', () => {
  it('throttles per provider and per sending domain', () => {
    const channel = emailChannel({} as FastifyInstance);
    expect(channel.throttleKeys(send('News@Mg.Kazi.Example'))).toEqual(['provider:mailgun', 'domain:mg.kazi.example']);
    expect(channel.service).toBe('email');
  });

  it('puts the footer, escaped, and the unsubscribe link before </body>, and in the text part', () => {
    const out = withFooter('<html><body><p>Hi</p></body></html>', 'Hi', 'Kazi <b>Foundation</b>\nNairobi', 'https://kazi.test/unsubscribe/1-x?a=1&b=2');
    expect(out.html).toBe(
      '<html><body><p>Hi</p><div style="margin-top:24px;padding-top:12px;border-top:1px solid #e5e7eb;font-size:12px;color:#6b7280;font-family:sans-serif">Kazi &lt;b&gt;Foundation&lt;/b&gt;<br>Nairobi<br><a href="https://kazi.test/unsubscribe/1-x?a=1&amp;b=2" style="color:#6b7280">Unsubscribe</a> from these emails.</div></body></html>',
    );
    expect(out.text).toBe('Hi\n\n--\nKazi <b>Foundation</b>\nNairobi\nUnsubscribe: https://kazi.test/unsubscribe/1-x?a=1&b=2');
    // a single email: no link; no footer either when the company has none
    expect(withFooter('<p>Hi</p>', 'Hi', '', null)).toEqual({ html: '<p>Hi</p>', text: 'Hi' });
  });

});
