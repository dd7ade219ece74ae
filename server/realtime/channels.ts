import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { channelKind, CHANNEL_NAME, type PresenceMember } from '../../common/realtime.js';

/**
 * Who may subscribe to which private and presence channels: each rule is a pattern with
 * `{params}` and a function of the request (its session's user, company and permissions) that
 * answers yes, or for a presence channel the member to join as. Areas add their own rules when
 * their plugin registers (chat: `private-thread.{id}` for a thread's participants); a channel no
 * rule matches is refused. Every rule runs for a user signed in to a company only.
 */
export type ChannelAuthorizer = (
  req: FastifyRequest,
  params: Record<string, string>,
) => boolean | PresenceMember | Promise<boolean | PresenceMember>;

interface Rule {
  pattern: string;
  regex: RegExp;
  names: string[];
  authorize: ChannelAuthorizer;
}

const rules: Rule[] = [];

/**
 * Registers who may join the channels matching `pattern` (`private-thread.{id}`). A pattern
 * registered again replaces the rule (a second app in the same process registers the same ones).
 */
export function defineChannel(pattern: string, authorize: ChannelAuthorizer) {
  if (channelKind(pattern) === 'public') throw new Error(`${pattern}: only private- and presence- channels need a rule`);
  const names: string[] = [];
  const source = pattern
    .split(/(\{[a-z_]+\})/i)
    .map((part) => {
      const m = /^\{([a-z_]+)\}$/i.exec(part);
      if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(m[1]);
      return '([A-Za-z0-9_\\-=@,;]+)';
    })
    .join('');
  const rule = { pattern, regex: new RegExp(`^${source}$`), names, authorize };
  const at = rules.findIndex((r) => r.pattern === pattern);
  if (at >= 0) rules[at] = rule;
  else rules.push(rule);
}

/** The rule for a channel name and its parameters, or null when no rule matches. */
export function findChannel(name: string): { authorize: ChannelAuthorizer; params: Record<string, string> } | null {
  if (!CHANNEL_NAME.test(name)) return null;
  for (const rule of rules) {
    const m = rule.regex.exec(name);
    if (m) return { authorize: rule.authorize, params: Object.fromEntries(rule.names.map((n, i) => [n, m[i + 1]])) };
  }
  return null;
}

/**
 * Signatures of `/broadcasting/auth` and `/broadcasting/user-auth`, as Pusher makes them:
 * `key:hmac-sha256(secret, text)`. The text names the connection's socket id, so a signature
 * serves that one connection only, and the company, so it serves only within the company it
 * was given in. The secret is derived from APP_KEY: every instance of the app agrees on it.
 */
export class Signer {
  private readonly secret: Buffer;
  constructor(
    readonly key: string,
    appKey: string,
  ) {
    this.secret = createHmac('sha256', appKey).update('realtime-signing').digest();
  }

  channelText(socketId: string, companyId: number, channel: string, channelData?: string) {
    return [socketId, companyId, channel, ...(channelData === undefined ? [] : [channelData])].join(':');
  }

  userText(socketId: string, userData: string) {
    return `${socketId}::user::${userData}`;
  }

  sign(text: string) {
    return `${this.key}:${createHmac('sha256', this.secret).update(text).digest('hex')}`;
  }

  verify(text: string, auth: unknown) {
    if (typeof auth !== 'string' || auth.length > 200) return false;
    const want = Buffer.from(this.sign(text));
    const got = Buffer.from(auth);
    return want.length === got.length && timingSafeEqual(want, got);
  }
}
