import { describe, expect, it } from 'vitest';
import { sortFolders } from '../../../common/schemas/mailbox.js';
import { planFolders } from './sync.js';
import { imapSentence, isPrivateAddress, resolveMailHost } from './transport.js';
import { sanitizeMailHtml } from './sanitize.js';

describe('the SSRF guard', () => {
  it('refuses loopback, private, link-local (metadata), CGNAT, multicast and unspecified addresses, IPv4-mapped too', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.5.4', '192.168.0.10', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fe80::1', 'fd00:ec2::254', '::ffff:127.0.0.1', '::ffff:10.0.0.1'])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('lets the operator allow a host or an address, and nothing more', async () => {
    await expect(resolveMailHost('127.0.0.1', [], 'IMAP')).rejects.toThrow(/private, local or link-local address \(127\.0\.0\.1\)/);
    await expect(resolveMailHost('127.0.0.1', ['127.0.0.1'], 'IMAP')).resolves.toBe('127.0.0.1');
    await expect(resolveMailHost('[::1]', ['127.0.0.1'], 'IMAP')).rejects.toThrow(/\(::1\)/);
    await expect(resolveMailHost('8.8.8.8', [], 'SMTP')).resolves.toBe('8.8.8.8');
  });
});

describe('the sentences of a failed test on save', () => {
  const where = { host: 'imap.example.org', port: 993, security: 'tls' as const };
  it('names a timeout, a certificate and a wrong password', () => {
    expect(imapSentence(Object.assign(new Error('Failed to receive greeting from server in required time'), { code: 'GREETING_TIMEOUT' }), where)).toBe(
      'The IMAP server at imap.example.org:993 did not answer in time: check the host, the port and any firewall.',
    );
    expect(imapSentence(Object.assign(new Error('self-signed certificate'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }), where)).toMatch(/certificate that cannot be trusted/);
    expect(imapSentence(Object.assign(new Error('Command failed'), { authenticationFailed: true }), where)).toMatch(/refused the user name or password/);
  });
});

describe('folders', () => {
  it('maps special-use flags and provider names (Gmail, Outlook) to the fixed order; the rest are tags', () => {
    const f = (path: string, specialUse?: string, flags: string[] = []) => ({ path, name: path.split('/').pop()!, delimiter: '/', specialUse, flags: new Set(flags) });
    const plan = planFolders([
      f('INBOX', '\\Inbox'),
      f('[Gmail]', undefined, ['\\Noselect']),
      f('[Gmail]/All Mail', '\\All'),
      f('[Gmail]/Sent Mail'),
      f('[Gmail]/Starred', '\\Flagged'),
      f('[Gmail]/Spam', '\\Junk'),
      f('Deleted Items'),
      f('[Gmail]/Important', '\\Important'),
      f('Drafts', '\\Drafts'),
      f('Receipts'),
    ]);
    expect(sortFolders(plan).map((p) => [p.path, p.role])).toEqual([
      ['INBOX', 'INBOX'],
      ['[Gmail]/Starred', 'STARRED'],
      ['[Gmail]/Sent Mail', 'SENT'],
      ['Drafts', 'DRAFTS'],
      ['[Gmail]/Important', 'IMPORTANT'],
      ['[Gmail]/Spam', 'SPAM'],
      ['Deleted Items', 'TRASH'],
      ['Receipts', null],
    ]);
  });
});

describe('a mail’s HTML', () => {
  it('keeps layout, drops script, handlers, forms and unsafe links; remote images only when allowed', () => {
    const html = '<table><tr><td style="color:red;position:fixed">Hi</td></tr></table><img src="https://t.example/p.gif" onerror="x()"><form><input></form><a href="javascript:x()">a</a><a href="https://ok.example">b</a><script>x()</script>';
    const safe = sanitizeMailHtml(html);
    expect(safe).toContain('<td style="color:red">Hi</td>');
    expect(safe).not.toMatch(/script|onerror|form|input|javascript|position|t\.example/);
    expect(safe).toContain('<a href="https://ok.example" target="_blank" rel="noopener noreferrer nofollow">b</a>');
    expect(sanitizeMailHtml(html, true)).toContain('src="https://t.example/p.gif"');
  });
});
