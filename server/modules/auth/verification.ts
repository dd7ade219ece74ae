import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { signUrl } from '../../http/signed-url.js';

const VERIFY_TTL_S = 60 * 60;
export const emailHash = (email: string) => createHash('sha1').update(email).digest('hex');

/** Mails a signed verification link (after registration, on request, and after an email change). */
export async function sendVerificationMail(ctx: AppContext, user: { id: number; email: string; name: string }) {
  const url = signUrl(ctx.config.appUrl, ctx.config.appKey, `/verify-email/${user.id}/${emailHash(user.email)}`, VERIFY_TTL_S);
  await ctx.mailer.send({
    to: user.email,
    subject: 'Verify Email Address',
    text: `Hello ${user.name},\n\nPlease click the link below to verify your email address:\n${url}\n\nIf you did not create an account, no further action is required.`,
  });
}
