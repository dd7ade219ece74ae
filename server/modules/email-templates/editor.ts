import { createHmac, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import type { FastifyRequest } from 'fastify';
import type { EmailEditorConfig, EmailVariable } from '../../../common/answers/email-templates.js';
import type { Config } from '../../config.js';
import { HttpError } from '../../http/errors.js';
import type { ContactFieldDef } from '../outreach/fields.js';
import { MESSAGE_VARIABLES } from '../outreach/message-render.js';

/**
 * What the spec's hosted-editor hand-shake (`POST /email/templates/token`, `GET /email/beefree/uid`)
 * answers now that the editor is ours (decision 0039): the editor's configuration and a
 * short-lived token, signed with the app key, naming the company and the user. The editor sends
 * it back as `X-Editor-Token` with each preview; a token of another company or user, altered or
 * older than TOKEN_TTL_S is refused, so an editor left open past a sign-out, or copied into
 * another company's session, stops rendering contacts.
 */
export const TOKEN_TTL_S = 60 * 60;
export const EDITOR_TOKEN_HEADER = 'x-editor-token';

/** the editor the pages bundle, as installed: "grapesjs@0.23.6 + grapesjs-mjml@1.0.8" */
let editorName: string | undefined;
const editor = () => {
  if (!editorName) {
    const require = createRequire(import.meta.url);
    const version = (name: string) => (require(`${name}/package.json`) as { version: string }).version;
    editorName = `grapesjs@${version('grapesjs')} + grapesjs-mjml@${version('grapesjs-mjml')}`;
  }
  return editorName;
};

const LABELS: Record<(typeof MESSAGE_VARIABLES)[number], string> = { first_name: 'First name', last_name: 'Last name', name: 'Full name', phone: 'Phone', email: 'Email' };

/** Web-safe font stacks: nothing is fetched from a font service, the product works offline. */
const FONTS = [
  { name: 'Helvetica', stack: 'Helvetica, Arial, sans-serif' },
  { name: 'Arial', stack: 'Arial, Helvetica, sans-serif' },
  { name: 'Verdana', stack: 'Verdana, Geneva, sans-serif' },
  { name: 'Trebuchet', stack: '"Trebuchet MS", Tahoma, sans-serif' },
  { name: 'Georgia', stack: 'Georgia, "Times New Roman", serif' },
  { name: 'Courier', stack: '"Courier New", Courier, monospace' },
];

const sign = (key: string, payload: string) => createHmac('sha256', key).update(`email-editor|${payload}`).digest('base64url');

export function editorToken(config: Pick<Config, 'appKey'>, tenantId: number, userId: number, now = Date.now()): { token: string; expiresAt: Date } {
  const exp = Math.floor(now / 1000) + TOKEN_TTL_S;
  const payload = `${tenantId}.${userId}.${exp}`;
  return { token: `${payload}.${sign(config.appKey, payload)}`, expiresAt: new Date(exp * 1000) };
}

/** Refuses a request whose editor token is missing, altered, expired or someone else's (401, in words). */
export function requireEditorToken(config: Pick<Config, 'appKey'>, req: FastifyRequest, now = Date.now()) {
  const raw = req.headers[EDITOR_TOKEN_HEADER];
  const token = typeof raw === 'string' ? raw : '';
  const m = /^([1-9]\d{0,15})\.([1-9]\d{0,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  const expired = new HttpError(401, "The editor's session has expired: reload the page to go on.");
  if (!m) throw expired;
  const expected = Buffer.from(sign(config.appKey, `${m[1]}.${m[2]}.${m[3]}`));
  const given = Buffer.from(m[4]);
  const valid = given.length === expected.length && timingSafeEqual(given, expected);
  if (!valid || Number(m[1]) !== req.tenant!.id || Number(m[2]) !== req.user!.id || Number(m[3]) * 1000 < now) throw expired;
}

export function editorVariables(fields: readonly ContactFieldDef[]): EmailVariable[] {
  return [...MESSAGE_VARIABLES.map((v) => ({ variable: v, label: LABELS[v] })), ...fields.map((f) => ({ variable: `custom.${f.key}`, label: f.label }))];
}

export function editorConfig(config: Pick<Config, 'appKey'>, req: FastifyRequest, fields: readonly ContactFieldDef[]): EmailEditorConfig {
  const { token, expiresAt } = editorToken(config, req.tenant!.id, req.user!.id);
  const uid = createHmac('sha256', config.appKey).update(`email-editor-uid|${req.tenant!.id}|${req.user!.id}`).digest('base64url').slice(0, 22);
  return {
    editor: editor(),
    uid,
    token,
    expires_at: expiresAt.toISOString(),
    variables: editorVariables(fields),
    fonts: FONTS,
    // no media library yet: images are placed by their https address
    upload_url: null,
    preview_url: '/email/templates/preview',
    merge_tag: { open: '{{ ', close: ' }}' },
  };
}
