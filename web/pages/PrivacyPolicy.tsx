import { Head, Link } from '@inertiajs/react';
import { AuthAwareLayout } from '@/components/display/AuthAwareLayout';
import { LegalDocument, type LegalSection } from '@/components/display/LegalDocument';

type Props = { company: string | null; updated_at: string };

const link = 'font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300';

function sections(company: string | null): LegalSection[] {
  const org = company ?? 'your organisation';
  return [
    {
      id: 'scope',
      title: 'What this policy covers',
      content: (
        <>
          <p>
            Kazi is an online back office that organisations use for accounting and sales, outreach (contacts, SMS, email and
            airtime), campaigns and events, a shared mailbox, chat, pages and files. This policy explains which personal data Kazi
            stores, why, for how long, who else handles it and what you can ask for.
          </p>
          <p>
            It applies to everyone who signs in to Kazi and to the people whose details organisations keep in it, such as their
            customers, vendors and contacts.
          </p>
        </>
      ),
    },
    {
      id: 'roles',
      title: 'Who decides about your data',
      content: (
        <>
          <p>
            Each organisation using Kazi has its own separate space. The organisation decides what it records about its customers,
            vendors, contacts and staff, and what it sends to them. For that data the organisation ({org}) is the controller, and
            Kazi processes the data on its behalf and only on its instructions, as set out in the organisation&apos;s agreement
            with us.
          </p>
          <p>
            For the data we need to run your own user account (your sign-in details and security records), Kazi is responsible
            as a controller.
          </p>
        </>
      ),
    },
    {
      id: 'data',
      title: 'The data Kazi stores',
      content: (
        <>
          <ul>
            <li>
              <strong>Accounts:</strong> your name, email address, profile photo if you add one, the organisations you belong to
              and your role in each. Your password is stored only as a one-way hash; nobody can read it back.
            </li>
            <li>
              <strong>Sign-in sessions:</strong> for each browser signed in to your account, its IP address, its browser
              description (user agent) and when it was last active. You can see and end them under Profile, Account.
            </li>
            <li>
              <strong>Contacts:</strong> the customers, vendors and outreach contacts an organisation records, such as names, email
              addresses, phone numbers, postal addresses, tax numbers, segments and responses to invitations and surveys.
            </li>
            <li>
              <strong>Documents:</strong> invoices, bills, estimates, transactions, reports and the files kept in the media
              library.
            </li>
            <li>
              <strong>Messages:</strong> SMS, email and airtime sends with their delivery status, email in mailboxes that a user
              connects, chat messages between colleagues, and the notifications Kazi shows you.
            </li>
            <li>
              <strong>Activity records:</strong> the pages you open and the actions you take in Kazi, with their time. They keep
              the service secure and let an organisation&apos;s administrators see how their workspace is used.
            </li>
          </ul>
          <p>We do not ask for, and ask organisations not to store, special categories of data such as health information.</p>
        </>
      ),
    },
    {
      id: 'use',
      title: 'How the data is used',
      content: (
        <>
          <p>Kazi uses personal data only to:</p>
          <ul>
            <li>provide the service the organisation has chosen, including sending the messages and invitations it asks for;</li>
            <li>keep accounts and workspaces secure, for example by limiting repeated sign-in attempts and recording activity;</li>
            <li>answer support requests from the organisation and its users;</li>
            <li>meet legal obligations, such as keeping accounting records or responding to lawful requests.</li>
          </ul>
          <p>We do not sell personal data, show advertising or build marketing profiles from the data in Kazi.</p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies and browser storage',
      content: (
        <>
          <p>Kazi sets two cookies, both strictly necessary for the service to work:</p>
          <ul>
            <li>
              <strong>kazi_session</strong> (the session cookie): keeps you signed in while you use Kazi. It identifies a session record on our servers and
              contains no personal details itself.
            </li>
            <li>
              <strong>XSRF-TOKEN:</strong> protects your account against cross-site request forgery by proving that a request
              really comes from a Kazi page.
            </li>
          </ul>
          <p>
            There are no analytics, advertising or third-party tracking cookies. Your display preferences (such as dark mode,
            reading direction and the collapsed sidebar) are kept in your browser&apos;s own storage and are never sent to us.
          </p>
        </>
      ),
    },
    {
      id: 'sharing',
      title: 'Who else handles the data',
      content: (
        <>
          <p>
            Some parts of the service depend on specialised providers, who receive only what they need for their task and may use
            it for nothing else:
          </p>
          <ul>
            <li>hosting and backup providers that run the servers and databases;</li>
            <li>SMS and airtime gateways, for the messages and airtime an organisation sends;</li>
            <li>email delivery services, for the email an organisation sends and for account messages such as password resets;</li>
            <li>payment processors, for plan subscriptions and credit purchases;</li>
            <li>mailbox providers (for example Google or Microsoft) when a user chooses to connect a mailbox.</li>
          </ul>
          <p>
            We disclose data to authorities only when the law requires it, and we tell the organisation concerned unless we are
            forbidden to.
          </p>
        </>
      ),
    },
    {
      id: 'security',
      title: 'How the data is protected',
      content: (
        <ul>
          <li>Each organisation&apos;s records are kept apart from every other organisation&apos;s, down to the database level.</li>
          <li>Connections to Kazi are encrypted, and passwords are stored only as strong one-way hashes.</li>
          <li>Inside an organisation, what each person can see and change follows the role the organisation gave them.</li>
          <li>Sessions can be ended at any time, and changing your password signs out your other browsers.</li>
        </ul>
      ),
    },
    {
      id: 'retention',
      title: 'How long the data is kept',
      content: (
        <>
          <p>
            Account data is kept while your account exists. Session records end when you sign out, change your password or stay
            away for two weeks. Activity records are kept while the organisation&apos;s account exists.
          </p>
          <p>
            An organisation&apos;s data is kept for as long as the organisation uses Kazi. When it leaves, its data is deleted at
            the request of its owner. Records that the law requires to be kept longer, such as invoices for tax purposes, are kept
            only for that purpose.
          </p>
        </>
      ),
    },
    {
      id: 'transfers',
      title: 'Transfers abroad',
      content: (
        <p>
          Where a provider handles data outside the country in which it was collected, we use recognised safeguards, such as
          standard contractual clauses, so that the data stays protected to the same standard.
        </p>
      ),
    },
    {
      id: 'rights',
      title: 'Your rights',
      content: (
        <>
          <p>
            Depending on where you live, you can ask to access your personal data, correct it, delete it, restrict or object to its
            use, receive a copy in a portable format, and withdraw any consent you gave. You can also complain to your data
            protection authority.
          </p>
          <p>
            You can correct your name, email address and photo yourself on your <Link href="/profile/edit" className={link}>profile</Link>{' '}
            and end sign-in sessions under <Link href="/profile/account" className={link}>Account</Link>. For data an organisation
            keeps about you as a customer, vendor or contact, please ask that organisation first: it decides about that data, and we
            help it answer.
          </p>
        </>
      ),
    },
    {
      id: 'children',
      title: 'Children',
      content: <p>Kazi is a tool for organisations and their staff. It is not meant for children under 16, and they may not hold an account.</p>,
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      content: (
        <p>
          When this policy changes, the date at the top changes too. If a change affects how your data is used in a meaningful way,
          we tell the organisations using Kazi in advance, and show a notice when you next sign in.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      content: (
        <p>
          For questions about the data {company ? `${company} keeps` : 'an organisation keeps'} in Kazi, contact that
          organisation&apos;s administrators. For questions about this policy or about Kazi&apos;s own handling of your account,
          contact us through the contact details given in your organisation&apos;s agreement for the Kazi service. We answer
          requests about your rights within one month.
        </p>
      ),
    },
  ];
}

export default function PrivacyPolicy({ company = null, updated_at }: Props) {
  return (
    <>
      <Head title="Privacy Policy" />
      <LegalDocument
        title="Privacy Policy"
        updatedAt={updated_at}
        intro={
          <p>
            {company ? `${company} uses Kazi to run its back office. ` : ''}
            We keep what Kazi stores to what the service needs, never sell it, and use only the cookies needed to keep you signed
            in safely.
          </p>
        }
        sections={sections(company)}
      />
    </>
  );
}

PrivacyPolicy.layout = AuthAwareLayout;
