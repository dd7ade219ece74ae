import type { FastifyInstance } from 'fastify';
import { useEmailSetup } from '../modules/email/sender.js';
import type { EmailMessage, EmailResult } from '../providers/email/types.js';

/**
 * Gives the app's companies an email set-up whose driver accepts every message and keeps it in
 * `into`, for tests of what a send puts in each message (RSVP invitations, survey links).
 */
export function captureEmails(app: FastifyInstance, into: EmailMessage[], from: { name: string; address: string }) {
  useEmailSetup(app, {
    setup: async () => ({
      driver: {
        name: 'smtp',
        maxBatch: 50,
        send: async (list: EmailMessage[]): Promise<EmailResult[]> => {
          into.push(...list);
          return list.map((m) => ({ reference: m.reference, outcome: 'accepted', messageId: `m-${m.reference}` }));
        },
        testConnection: async () => undefined,
      },
      driverName: 'smtp',
      fromName: from.name,
      fromAddress: from.address,
      replyTo: null,
      footer: '',
    }),
    signingKey: async () => null,
  });
}
