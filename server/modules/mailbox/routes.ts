import type { FastifyInstance, FastifyRequest } from 'fastify';
import { connectImapSchema, mailFlagsSchema, mailMoveSchema, mailListQuerySchema, mailShowQuerySchema, saveDraftSchema, sendMailSchema } from '../../../common/schemas/mailbox.js';
import { notFound, ValidationError } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import { mediaStorage } from '../media/service.js';
import { downloadDisposition, ownedAttachment, removeAttachmentBytes, servedType } from './attachments.js';
import { accountViews, deleteAccount, insertAccount, ownedAccount, setDefault, unreadTotal } from './accounts.js';
import { draftToReopen, mailDetail, mailsPage, moveMail, saveDraft, sendMail, setFlags } from './mails.js';
import { connectOAuthAccount, oauthSetupProps } from './oauth-connect.js';
import { exchangeCode, isOAuthProvider, OAuthFlowError, PROVIDER_INFO, providerConfig, startFlow, takeFlow, type OAuthProvider } from './oauth.js';
import { FLAGS_JOB, MOVE_JOB, requestSync, type FlagsJob, type MoveJob } from './sync.js';
import { MailHostRefused, resolveMailHost, testImap, testSmtp, type ServerAccount } from './transport.js';

const ID = /^[1-9]\d{0,15}$/;
const pathId = (req: FastifyRequest, what: string, key = 'id') => {
  const v = (req.params as Record<string, string | undefined>)[key];
  if (!v || !ID.test(v)) throw notFound(what);
  return Number(v);
};
const bodyOf = (req: FastifyRequest): Record<string, unknown> =>
  req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
const me = (req: FastifyRequest) => req.user!.id;
const company = (req: FastifyRequest) => req.tenant!.id;
/** an account's sync is due again when the page is opened and it last ran longer ago than this */
const STALE_MS = 60_000;

/** Mailbox (SPEC §2 Mail and Mailbox, §7 Mailbox; docs/decisions/0050-mailbox.md): the pages and the JSON endpoints. */
export function mailboxRoutes(app: FastifyInstance) {
  const { config, queue, log } = app.ctx;
  const storage = mediaStorage(config);

  // ---- pages (PAGES.md Mailbox/…)
  app.get('/mailbox', { config: { access: 'mailbox.view' } }, (_req, reply) => reply.inertia('Mailbox/Overview', {}));
  app.get('/mailbox/providers', { config: { access: 'mailbox.view' } }, async (req, reply) =>
    reply.inertia('Mailbox/Providers', {
      mailboxes: await req.tenantTx((tx) => accountViews(tx, company(req), me(req))),
      // which sign-ins the operator set up: the others' cards say so
      oauth: { gmail: providerConfig(config, 'gmail') !== null, outlook: providerConfig(config, 'outlook') !== null },
    }),
  );
  // the demo mail app (PAGES.md Mail/Index): sample data in the browser only
  app.get('/mail', { config: { access: 'mailbox.view' } }, (_req, reply) => reply.inertia('Mail/Index', {}));
  app.get('/mailbox/setup/imap', { config: { access: 'mailbox.create' } }, (_req, reply) => reply.inertia('Mailbox/Setup/Imap', {}));
  app.get('/mailbox/setup/gmail', { config: { access: 'mailbox.create' } }, (_req, reply) => reply.inertia('Mailbox/Setup/Gmail', { ...oauthSetupProps(config, 'gmail') }));
  app.get('/mailbox/setup/outlook', { config: { access: 'mailbox.create' } }, (_req, reply) => reply.inertia('Mailbox/Setup/Outlook', { ...oauthSetupProps(config, 'outlook') }));
  app.get('/mailbox/compose', { config: { access: 'mailbox.send' } }, async (req, reply) => {
    // ?draft=<mail id>: a saved draft reopened
    const asked = (req.query as Record<string, unknown>).draft;
    if (asked !== undefined && (typeof asked !== 'string' || !ID.test(asked))) throw notFound('Draft');
    const data = await req.tenantTx(async (tx) => ({
      mailboxes: await accountViews(tx, company(req), me(req)),
      draft: asked ? await draftToReopen(tx, company(req), me(req), Number(asked)) : null,
    }));
    return reply.inertia('Mailbox/Compose', { ...data, reply_to: null });
  });
  app.get('/mailbox/mails/:id/view', { config: { access: 'mailbox.view' } }, async (req, reply) => {
    const id = pathId(req, 'Mail');
    const { mail } = await req.tenantTx((tx) => mailDetail(tx, company(req), me(req), id));
    return reply.inertia('Mailbox/Details', { mail });
  });
  app.get('/mailbox/mails/:id/reply', { config: { access: 'mailbox.send' } }, async (req, reply) => {
    const id = pathId(req, 'Mail');
    const data = await req.tenantTx(async (tx) => ({
      mail: (await mailDetail(tx, company(req), me(req), id)).mail,
      mailboxes: await accountViews(tx, company(req), me(req)),
    }));
    return reply.inertia('Mailbox/Reply', { mail: data.mail, mailboxes: data.mailboxes });
  });

  // ---- SPEC §7 Mailbox

  app.get('/mailbox/default', { config: { access: 'mailbox.view' } }, async (req) => {
    const [account] = await req.tenantTx((tx) => accountViews(tx, company(req), me(req), { defaultOnly: true }));
    if (account && (!account.last_synced_at || Date.now() - Date.parse(account.last_synced_at) > STALE_MS) && account.sync_status !== 'syncing')
      await requestSync(queue, company(req), account.id);
    return { data: account ?? null };
  });

  app.get('/mailbox/mailboxes', { config: { access: 'mailbox.view' } }, async (req) => ({
    data: (await req.tenantTx((tx) => accountViews(tx, company(req), me(req)))).map(({ folders: _f, tags: _t, ...a }) => a),
  }));

  app.get('/mailbox/all-mailboxes', { config: { access: 'mailbox.view' } }, async (req) => ({
    data: await req.tenantTx((tx) => accountViews(tx, company(req), me(req))),
  }));

  app.get('/mailbox/mails/json/:folder', { config: { access: 'mailbox.view' } }, async (req) => {
    const folder = pathId(req, 'Folder', 'folder');
    const q = validate(mailListQuerySchema, req.query);
    return req.tenantTx((tx) => mailsPage(tx, company(req), me(req), folder, q, `/mailbox/mails/json/${folder}`));
  });

  app.get('/mailbox/mails/:id', { config: { access: 'mailbox.view' } }, async (req) => {
    const id = pathId(req, 'Mail');
    const { mailbox_id } = validate(mailShowQuerySchema, req.query);
    const { mail, markedRead } = await req.tenantTx((tx) => mailDetail(tx, company(req), me(req), id, mailbox_id));
    if (markedRead) await queue.send<FlagsJob>(FLAGS_JOB, { tenantId: company(req), mailId: id, read: true });
    return { data: mail };
  });

  /**
   * A synced mail's attachment, as a download: the member's own only (another member's or
   * company's is a 404); a type a browser could run (HTML, SVG, XML, script) is sent as bytes.
   */
  app.get('/mailbox/attachments/:id', { config: { access: 'mailbox.view' } }, async (req, reply) => {
    const id = pathId(req, 'Attachment');
    const a = await req.tenantRead((tx) => ownedAttachment(tx, company(req), me(req), id));
    const found = await storage.get(a.storage_key);
    if (!found) throw notFound('Attachment');
    return reply
      .type(servedType(a.content_type))
      .header('content-length', String(found.size))
      .header('content-disposition', downloadDisposition(a.filename))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(found.body);
  });

  app.delete('/mailbox/delete/:id', { config: { access: 'mailbox.delete' } }, async (req) => {
    const id = pathId(req, 'Mailbox');
    const a = await req.tenantTx((tx) => deleteAccount(tx, company(req), me(req), id));
    await removeAttachmentBytes(storage, a.dropped, req.log);
    return { message: 'Delete Successfully', data: { id, email: a.email } };
  });

  // ---- beyond SPEC §7: connecting, the default, syncing, marks and sending

  /** the servers must be reachable and allowed, and take the login, before anything is stored: the failures by field */
  const testServers = async (imap: ServerAccount, smtp: ServerAccount) => {
    const errors: Record<string, string[]> = {};
    const check = async (field: 'imap_host' | 'smtp_host', label: 'IMAP' | 'SMTP', test: (address: string) => Promise<string | null>) => {
      try {
        const failure = await test(await resolveMailHost(field === 'imap_host' ? imap.host : smtp.host, config.mailbox.allowedHosts, label));
        if (failure) errors[field] = [failure];
      } catch (err) {
        if (err instanceof MailHostRefused) errors[field] = [err.message];
        else throw err;
      }
    };
    await Promise.all([check('imap_host', 'IMAP', (a) => testImap(imap, a)), check('smtp_host', 'SMTP', (a) => testSmtp(smtp, a))]);
    return errors;
  };

  app.post('/mailbox/accounts', { config: { access: 'mailbox.create' } }, async (req, reply) => {
    const input = validate(connectImapSchema, bodyOf(req));
    const imap = { host: input.imap_host, port: input.imap_port, security: input.imap_security, username: input.username, password: input.password };
    const smtp = { host: input.smtp_host, port: input.smtp_port, security: input.smtp_security, username: input.username, password: input.password };
    const errors = await testServers(imap, smtp);
    if (Object.keys(errors).length) throw new ValidationError(errors);
    const id = await req.tenantTx((tx) => insertAccount(tx, config, company(req), me(req), input));
    await requestSync(queue, company(req), id);
    const [data] = await req.tenantTx((tx) => accountViews(tx, company(req), me(req), { id }));
    return reply.code(201).send({ message: 'Mailbox connected', data });
  });

  // ---- Gmail and Outlook: OAuth 2 with PKCE (docs/decisions/0050-mailbox.md)
  const providerOf = (req: FastifyRequest): OAuthProvider => {
    const p = (req.params as { provider?: string }).provider;
    if (!isOAuthProvider(p)) throw notFound('Provider');
    return p;
  };

  // a plain link from the Setup page (a whole-page visit: the provider's page is not an Inertia page)
  app.get('/mailbox/oauth/:provider/start', { config: { access: 'mailbox.create' } }, async (req, reply) => {
    const provider = providerOf(req);
    if (!providerConfig(config, provider)) {
      req.session.flash('error', oauthSetupProps(config, provider).unavailable);
      return reply.redirect(`/mailbox/setup/${provider}`, 303);
    }
    return reply.redirect(startFlow(config, req.session, provider, company(req), me(req)), 303);
  });

  // where the provider sends the member back: ?code&state, or ?error=access_denied&state
  app.get('/mailbox/oauth/:provider/callback', { config: { access: 'mailbox.create' } }, async (req, reply) => {
    const provider = providerOf(req);
    const q = req.query as Record<string, unknown>;
    const text = (k: string) => (typeof q[k] === 'string' ? (q[k] as string) : undefined);
    const who = PROVIDER_INFO[provider].company;
    try {
      if (!providerConfig(config, provider)) throw new OAuthFlowError(oauthSetupProps(config, provider).unavailable);
      // the state is checked and used up first, whatever the provider answered
      const flow = takeFlow(config, req.session, provider, text('state'), company(req), me(req));
      const error = text('error');
      if (error === 'access_denied') throw new OAuthFlowError(`You did not allow Kazi into your ${PROVIDER_INFO[provider].label} mailbox at ${who}: nothing was connected.`);
      if (error) throw new OAuthFlowError(`${who} ended the sign-in (${error.slice(0, 100)}${text('error_description') ? `: ${text('error_description')!.slice(0, 200)}` : ''}): nothing was connected.`);
      const code = text('code');
      if (!code) throw new OAuthFlowError(`${who} sent no authorization code back: nothing was connected. Start again.`);
      const granted = await exchangeCode(config, provider, code, flow.verifier);
      const result = await connectOAuthAccount(app, testServers, company(req), me(req), provider, granted);
      req.session.flash('success', result.message);
      return reply.redirect('/mailbox/providers', 303);
    } catch (err) {
      if (!(err instanceof OAuthFlowError)) throw err;
      req.session.flash('error', err.message);
      return reply.redirect(`/mailbox/setup/${provider}`, 303);
    }
  });

  app.post('/mailbox/default/:id', { config: { access: 'mailbox.update' } }, async (req) => {
    const id = pathId(req, 'Mailbox');
    await req.tenantTx((tx) => setDefault(tx, company(req), me(req), id));
    return { message: 'Default mailbox changed', data: { id } };
  });

  app.post('/mailbox/sync/:id', { config: { access: 'mailbox.view' } }, async (req) => {
    const id = pathId(req, 'Mailbox');
    await req.tenantRead((tx) => ownedAccount(tx, company(req), me(req), id));
    await requestSync(queue, company(req), id);
    return { message: 'Sync started', data: { id } };
  });

  app.get('/mailbox/unread', { config: { access: 'mailbox.view', activity: false } }, async (req) => ({
    data: { unread_total: await req.tenantRead((tx) => unreadTotal(tx, company(req), me(req))) },
  }));

  app.post('/mailbox/mails/:id/flags', { config: { access: 'mailbox.update' } }, async (req) => {
    const id = pathId(req, 'Mail');
    const flags = validate(mailFlagsSchema, bodyOf(req));
    await req.tenantTx((tx) => setFlags(tx, company(req), me(req), id, flags));
    await queue.send<FlagsJob>(FLAGS_JOB, { tenantId: company(req), mailId: id, ...flags });
    return { message: 'Mail updated', data: { id, ...flags } };
  });

  app.post('/mailbox/mails/:id/move', { config: { access: 'mailbox.update' } }, async (req) => {
    const id = pathId(req, 'Mail');
    const { folder_id } = validate(mailMoveSchema, bodyOf(req));
    const { move, dropped } = await req.tenantTx((tx) => moveMail(tx, company(req), me(req), id, folder_id));
    await removeAttachmentBytes(storage, dropped, req.log);
    await queue.send<MoveJob>(MOVE_JOB, { tenantId: company(req), ...move });
    return { message: 'Mail moved', data: { id } };
  });

  app.delete('/mailbox/mails/:id', { config: { access: 'mailbox.delete' } }, async (req) => {
    const id = pathId(req, 'Mail');
    const { move, dropped } = await req.tenantTx((tx) => moveMail(tx, company(req), me(req), id, null));
    await removeAttachmentBytes(storage, dropped, req.log);
    await queue.send<MoveJob>(MOVE_JOB, { tenantId: company(req), ...move });
    return { message: 'Delete Successfully', data: { id } };
  });

  app.post('/mailbox/drafts', { config: { access: 'mailbox.send' } }, async (req, reply) => {
    const input = validate(saveDraftSchema, bodyOf(req));
    const { accountId } = await saveDraft(config, app.ctx.database, log, company(req), me(req), input);
    await requestSync(queue, company(req), accountId);
    return reply.code(201).send({ message: 'Draft saved', data: { mailbox_id: accountId } });
  });

  app.post('/mailbox/send', { config: { access: 'mailbox.send' } }, async (req, reply) => {
    const input = validate(sendMailSchema, bodyOf(req));
    const { accountId } = await sendMail(config, app.ctx.database, log, company(req), me(req), input);
    await requestSync(queue, company(req), accountId);
    return reply.code(201).send({ message: 'Send Successfully' });
  });
}
