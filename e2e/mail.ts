import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

/** Reads the invitation link out of the mail the server kept under DATA_DIR/mail (MAIL_URL=log). */
export async function invitationLink(to: string): Promise<string> {
  const dir = join(inject('dataDir'), 'mail');
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    let files: string[] = [];
    try {
      files = readdirSync(dir);
    } catch {
      /* no mail yet */
    }
    for (const f of files) {
      const raw = readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (!raw.includes(`To: ${to}`)) continue;
      const m = raw.match(/https?:\/\/[^\s]+\/invitations\/\d+\/[\w-]+/);
      if (m) return new URL(m[0]).pathname;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no invitation mail to ${to}`);
}

/** Reads the newest trial verification code mailed to `to` (onboarding's FreeTrial step, MAIL_URL=log). */
export async function verificationCode(to: string): Promise<string> {
  const dir = join(inject('dataDir'), 'mail');
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).sort().reverse();
    } catch {
      /* no mail yet */
    }
    for (const f of files) {
      const raw = readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, '');
      if (!raw.includes(`To: ${to}`)) continue;
      const m = raw.match(/verification code is (\d{6})/);
      if (m) return m[1];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no verification code mailed to ${to}`);
}
