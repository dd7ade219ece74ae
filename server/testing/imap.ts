import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, connect, type AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';

/**
 * A real IMAP server for the mailbox tests (docs/decisions/0050-mailbox.md): Debian's Dovecot
 * started as a child process with its own configuration in a temporary folder — passwd-file
 * users, Maildir in the folder, plain IMAP on 127.0.0.1 at a free port, base_dir in the folder.
 * `.ci/run` installs dovecot-imapd; without it the tests fail with the message below rather than
 * skip.
 */
export const DOVECOT = process.env.DOVECOT_PATH ?? '/usr/sbin/dovecot';

export interface ImapUser {
  user: string;
  pass: string;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const c = connect(port, '127.0.0.1');
    c.once('data', () => {
      c.destroy();
      resolve(true);
    });
    c.once('error', () => resolve(false));
    c.setTimeout(1000, () => {
      c.destroy();
      resolve(false);
    });
  });

export interface ImapOptions {
  /**
   * Also take XOAUTH2 and OAUTHBEARER logins, the token checked by Dovecot's oauth2 passdb at this
   * RFC 7662 introspection URL (POST token=…; the answer's `email` must be the login's user and
   * `active` true): the OAuth stand-in's /introspect.
   */
  oauth2IntrospectionUrl?: string;
  /** listen on this port (a browser flow's server was told it in advance); a free one otherwise */
  port?: number;
}

export async function startImap(users: ImapUser[] = [{ user: 'alice@mail.test', pass: 'secret-pass' }], options: ImapOptions = {}) {
  if (!existsSync(DOVECOT)) {
    throw new Error(
      `Dovecot is not installed (${DOVECOT} is missing): the mailbox tests need a real IMAP server. Install the Debian package dovecot-imapd (apt-get install dovecot-imapd; .ci/run does it as root) or point DOVECOT_PATH at the binary.`,
    );
  }
  const dir = await mkdtemp(join(tmpdir(), 'kazi-imap-'));
  await chmod(dir, 0o755);
  const port = options.port ?? (await freePort());
  const root = process.getuid?.() === 0;
  const me = userInfo();
  // as root Dovecot runs its helpers as its package's users and the mail as `dovecot`; otherwise all as the current user
  const internal = root ? 'dovecot' : me.username;
  const login = root ? 'dovenull' : me.username;
  const mailUid = root ? Number(execFileSync('id', ['-u', 'dovecot']).toString().trim()) : me.uid;
  const mailGid = root ? Number(execFileSync('id', ['-g', 'dovecot']).toString().trim()) : me.gid;
  const mail = join(dir, 'mail');
  await mkdir(mail);
  if (root) await chown(mail, mailUid, mailGid);
  await writeFile(join(dir, 'users'), users.map((u) => `${u.user}:{PLAIN}${u.pass}::::::`).join('\n') + '\n');
  await chmod(join(dir, 'users'), 0o644);
  const oauth2 = options.oauth2IntrospectionUrl;
  if (oauth2) {
    await writeFile(
      join(dir, 'oauth2.conf.ext'),
      `introspection_mode = post\nintrospection_url = ${oauth2}\nusername_attribute = email\nactive_attribute = active\nactive_value = true\n`,
    );
    await chmod(join(dir, 'oauth2.conf.ext'), 0o644);
  }
  const conf = join(dir, 'dovecot.conf');
  await writeFile(
    conf,
    `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
instance_name = kazi-imap-${port}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login${oauth2 ? ' xoauth2 oauthbearer' : ''}
default_internal_user = ${internal}
${root ? 'default_internal_group = dovecot\n' : ''}default_login_user = ${login}
first_valid_uid = ${Math.min(mailUid, 1)}
mail_location = maildir:${mail}/%u
mail_uid = ${mailUid}
mail_gid = ${mailGid}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
${
  oauth2
    ? `passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = ${dir}/oauth2.conf.ext
}
`
    : ''
}userdb {
  driver = static
  args = home=${mail}/%u
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
  mailbox Drafts {
    special_use = \\Drafts
    auto = subscribe
  }
  mailbox Junk {
    special_use = \\Junk
    auto = subscribe
  }
  mailbox Trash {
    special_use = \\Trash
    auto = subscribe
  }
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
`,
  );
  const child: ChildProcess = spawn(DOVECOT, ['-F', '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + 15_000;
  while (!(await accepts(port))) {
    if (exited || Date.now() > deadline) {
      child.kill('SIGKILL');
      const log = existsSync(join(dir, 'dovecot.log')) ? readFileSync(join(dir, 'dovecot.log'), 'utf8') : '';
      throw new Error(`Dovecot did not start on 127.0.0.1:${port}: ${output}\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  const client = async (u: ImapUser = users[0]) => {
    const c = new ImapFlow({ host: '127.0.0.1', port, secure: false, auth: { user: u.user, pass: u.pass }, logger: false });
    await c.connect();
    return c;
  };

  return {
    host: '127.0.0.1',
    port,
    users,
    /** a mail delivered into a user's folder (INBOX by default) with IMAP APPEND, as a new arrival */
    async deliver(raw: string, opts: { user?: ImapUser; folder?: string; flags?: string[]; date?: Date } = {}) {
      const c = await client(opts.user);
      try {
        const res = await c.append(opts.folder ?? 'INBOX', raw, opts.flags ?? [], opts.date);
        return res && typeof res === 'object' ? res.uid : undefined;
      } finally {
        await c.logout();
      }
    },
    /**
     * Puts many messages straight into a user's INBOX Maildir (the user must have logged in once,
     * e.g. by a `deliver`): a first sync of thousands of mails without thousands of APPENDs.
     */
    async fill(raws: string[], user: ImapUser = users[0]) {
      const folder = join(mail, user.user, 'new');
      await mkdir(folder, { recursive: true });
      const stamp = Math.floor(Date.now() / 1000);
      for (let i = 0; i < raws.length; i++) {
        const file = join(folder, `${stamp}.M${i}P${process.pid}.kazi`);
        await writeFile(file, raws[i]);
        if (root) await chown(file, mailUid, mailGid);
      }
    },
    /** an IMAP session of a user, to look at what Kazi did (flags, the Sent folder) */
    client,
    async close() {
      if (!exited) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await gone;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export type ImapServer = Awaited<ReturnType<typeof startImap>>;

/** A plain RFC 5322 message for tests. */
export function rawMail(m: { from: string; to: string; subject: string; text: string; html?: string; date?: Date; messageId?: string; headers?: Record<string, string> }) {
  const date = (m.date ?? new Date()).toUTCString().replace('GMT', '+0000');
  const head = [
    `From: ${m.from}`,
    `To: ${m.to}`,
    `Subject: ${m.subject}`,
    `Date: ${date}`,
    `Message-ID: ${m.messageId ?? `<${Math.random().toString(36).slice(2)}@mail.test>`}`,
    'MIME-Version: 1.0',
    ...Object.entries(m.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
  ];
  if (!m.html) return [...head, 'Content-Type: text/plain; charset=utf-8', '', m.text, ''].join('\r\n');
  const b = 'kazi-boundary';
  return [
    ...head,
    `Content-Type: multipart/alternative; boundary="${b}"`,
    '',
    `--${b}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    m.text,
    `--${b}`,
    'Content-Type: text/html; charset=utf-8',
    '',
    m.html,
    `--${b}--`,
    '',
  ].join('\r\n');
}
