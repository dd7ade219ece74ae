import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { rawMail, startImap, type ImapServer } from '../server/testing/imap';
import { startSmtp } from '../server/testing/smtp';
import { startOAuthStandIn, type OAuthStandIn } from '../server/testing/standins/oauth';
import { expectNoSeriousViolations } from './a11y';
import { openBrowser, registerTenant, reportFailure, toast, type Browser } from './browser';

/**
 * Gmail through OAuth 2 in the browser (issue 23; docs/decisions/0050-mailbox.md): a new
 * company's owner opens Setup/Gmail, presses Connect, declines at the OAuth stand-in's consent
 * page (an error toast, nothing connected), connects again and allows; back on Mail accounts the
 * mailbox is there, and its mail syncs in from a Dovecot that checks the XOAUTH2 token at the
 * stand-in. Outlook is not configured on the server under test: its Setup page says so, with no
 * Connect button. A draft saved from Compose shows in Drafts and reopens in Compose.
 */
const ALICE = { user: 'alice@mail.test', pass: 'only-for-delivering-test-mail' };

describe('mailbox sign-in with Google', () => {
  let b: Browser;
  let oauth: OAuthStandIn;
  let imap: ImapServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    const ports = inject('mailboxStandIns');
    oauth = await startOAuthStandIn({ port: ports.oauthPort, redirectUris: [`${inject('baseURL')}/mailbox/oauth/gmail/callback`], email: ALICE.user });
    [imap, smtp] = await Promise.all([
      startImap([ALICE], { oauth2IntrospectionUrl: oauth.introspectionUrl, port: ports.imapPort }),
      startSmtp({ port: ports.smtpPort, oauth: (user, token) => oauth.tokenEmail(token) === user }),
    ]);
    await imap.deliver(rawMail({ from: 'Amina Njeri <amina@example.test>', to: ALICE.user, subject: 'Borehole survey', text: 'The survey is booked for Monday.' }));
    b = await openBrowser();
    await registerTenant(b.page);
  });
  afterEach(async (context) => reportFailure(context, b, 'mailbox-oauth'));
  afterAll(async () => {
    await b?.close();
    await Promise.all([imap?.close(), smtp?.close(), oauth?.close()]);
  });

  it('says when a provider is not set up, refuses a declined consent, connects Gmail when allowed, and keeps a draft', async () => {
    const page = b.page;
    await page.goto('/mailbox/setup/outlook');
    await page.getByText(/Sign-in with Microsoft is not set up on this Kazi/).waitFor();
    expect(await page.getByRole('link', { name: /Connect with Microsoft/ }).count()).toBe(0);

    await page.goto('/mailbox/providers');
    await page.getByRole('link', { name: 'Connect Gmail' }).click();
    await page.waitForURL(/\/mailbox\/setup\/gmail$/);
    await expectNoSeriousViolations(page, 'Setup/Gmail');
    await page.getByRole('link', { name: 'Connect with Google' }).click();
    await page.getByRole('heading', { name: 'Sign in to continue to Kazi' }).waitFor();
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL(/\/mailbox\/setup\/gmail$/);
    await toast(page, 'You did not allow Kazi into your Gmail mailbox at Google: nothing was connected.').waitFor();

    await page.getByRole('link', { name: 'Connect with Google' }).click();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(/\/mailbox\/providers$/);
    await toast(page, `Gmail connected: ${ALICE.user}.`).waitFor();
    await page.getByText(ALICE.user, { exact: true }).first().waitFor();
    await expectNoSeriousViolations(page, 'Mail accounts with Gmail');

    await page.goto('/mailbox');
    await page.getByRole('region', { name: 'Mail list' }).getByText('Borehole survey', { exact: true }).waitFor({ timeout: 30_000 });
    expect(oauth.introspections.items.some((i) => i.active)).toBe(true);

    // a draft saved from Compose lands in Drafts (through XOAUTH2 too) and reopens in Compose
    await page.goto('/mailbox/compose');
    await page.getByLabel(/^To/).fill('kamau@example.test');
    await page.getByLabel(/^Subject/).fill('Tank order');
    await page.getByLabel(/^Message/).fill('Two tanks, maybe three.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await toast(page, 'Draft saved').waitFor();
    await page.waitForURL(/\/mailbox$/);
    await page.getByRole('navigation', { name: 'Folders' }).getByRole('button', { name: /^Drafts/ }).click();
    await page.getByRole('region', { name: 'Mail list' }).getByText('Tank order', { exact: true }).click({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Edit draft' }).click();
    await page.waitForURL(/\/mailbox\/compose\?draft=\d+$/);
    await expect.poll(() => page.getByLabel(/^Subject/).inputValue()).toBe('Tank order');
    expect(await page.getByLabel(/^To/).inputValue()).toBe('kamau@example.test');
    expect(b.pageErrors).toEqual([]);
  });
});
