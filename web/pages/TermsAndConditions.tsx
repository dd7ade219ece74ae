import { Head, Link } from '@inertiajs/react';
import { AuthAwareLayout } from '@/components/display/AuthAwareLayout';
import { LegalDocument, type LegalSection } from '@/components/display/LegalDocument';

type Props = { company: string | null; updated_at: string };

const link = 'font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300';

const SECTIONS: LegalSection[] = [
  {
    id: 'agreement',
    title: 'Agreeing to these terms',
    content: (
      <>
        <p>
          These terms govern the use of Kazi, an online back office for organisations. By creating an account, accepting an
          invitation or using Kazi, you agree to them. If you use Kazi for an organisation, you confirm that you may accept these
          terms on its behalf.
        </p>
        <p>Where your organisation has signed a separate agreement for Kazi, that agreement prevails over these terms if they differ.</p>
      </>
    ),
  },
  {
    id: 'service',
    title: 'The service',
    content: (
      <p>
        Kazi lets an organisation keep its accounting and sales records, manage contacts and send SMS, email and airtime, run
        campaigns and events with invitations and surveys, work in a shared mailbox and chat, and publish pages and files. Features
        may depend on the plan the organisation has chosen.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts and security',
    content: (
      <ul>
        <li>Give accurate details and keep your email address up to date: it is how we reach you about your account.</li>
        <li>Keep your password to yourself and use one you do not use elsewhere. Each account is for one person.</li>
        <li>You are responsible for what is done with your account. Tell your organisation&apos;s administrators at once if you think someone else has used it.</li>
        <li>You can review the browsers signed in to your account, and sign them out, under Profile, Account.</li>
      </ul>
    ),
  },
  {
    id: 'organisations',
    title: 'Organisations, members and roles',
    content: (
      <p>
        Each organisation has its own workspace, separate from every other. The organisation&apos;s owners invite members, give them
        roles and remove them; a role decides what its holders can see and do. A person may belong to several organisations and
        switch between them. Data in a workspace belongs to that organisation, not to the individual member who entered it.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    content: (
      <>
        <p>You must not use Kazi to:</p>
        <ul>
          <li>break the law, or store or send content that is unlawful, fraudulent, hateful or infringes someone else&apos;s rights;</li>
          <li>send messages to people who have not agreed to receive them, where the law requires their agreement, or keep messaging people who asked you to stop;</li>
          <li>get at data of another organisation or user, probe or break the security of the service, or get around its limits;</li>
          <li>upload malicious software, or load the service in a way that harms other users;</li>
          <li>resell or repackage the service without our written permission.</li>
        </ul>
        <p>Every message sent through Kazi must identify the sender, and every marketing message must offer a way to unsubscribe.</p>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Your content',
    content: (
      <p>
        Your organisation keeps all rights to the data and files it puts into Kazi. It allows us to store, copy, process and
        transmit them only as needed to provide the service. Your organisation is responsible for having the right to keep the
        personal data it records and to contact the people it messages. How we handle personal data is described in the{' '}
        <Link href="/privacy-policy" className={link}>
          Privacy Policy
        </Link>
        .
      </p>
    ),
  },
  {
    id: 'fees',
    title: 'Plans, trials and prepaid credits',
    content: (
      <ul>
        <li>Paid plans are billed in advance for each period, at the price shown when the plan is chosen. A free trial, when offered, ends at the date shown when it starts.</li>
        <li>SMS, airtime and some email sends use prepaid credits from the organisation&apos;s wallet. The cost of a send is shown before it is made; credits are taken when the send is processed.</li>
        <li>Credits do not expire while the organisation&apos;s account is active and cannot be exchanged for cash, except where the law says otherwise.</li>
        <li>If a payment fails or the wallet is empty, sends that need credits are held until the balance is restored.</li>
      </ul>
    ),
  },
  {
    id: 'third-parties',
    title: 'Services of other providers',
    content: (
      <p>
        Messages, payments and connected mailboxes pass through other providers, such as SMS gateways, email services, payment
        processors and mail hosts. Their own terms also apply to what passes through them. We are not responsible for a delay or
        failure caused by such a provider, but we tell you the delivery status they report.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and changes to the service',
    content: (
      <p>
        We work to keep Kazi available at all times, but we cannot promise it will never be interrupted; planned maintenance is
        announced in advance where possible. We improve Kazi continually and may change or retire features. If a change takes away
        something important to your organisation, we give reasonable notice.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and ending',
    content: (
      <>
        <p>
          Your organisation can stop using Kazi at any time. We may suspend an account or workspace that breaks these terms, puts
          the service or other users at risk, or is not paid for, and we will say why unless the law forbids it.
        </p>
        <p>
          Before a workspace closes, its owners can export its data. After it closes, the data is deleted as described in the
          Privacy Policy.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    content: (
      <>
        <p>
          Kazi is provided as it is. To the extent the law allows, we are not liable for indirect losses such as lost profits or
          lost opportunities, and our total liability for any claim is limited to the fees your organisation paid for Kazi in the 12
          months before the claim.
        </p>
        <p>Nothing in these terms limits liability that cannot be limited by law, such as for fraud or for death or injury caused by negligence.</p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <p>
        We may update these terms. The date at the top shows the latest version. We give at least 30 days&apos; notice of changes
        that reduce your rights; using Kazi after they take effect means accepting them.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law and contact',
    content: (
      <p>
        These terms are governed by the law named in your organisation&apos;s agreement for Kazi, or otherwise by the law of the
        place where the provider of the service is established. Questions about these terms can be sent to us through the contact
        details in that agreement, or raised with your organisation&apos;s administrators.
      </p>
    ),
  },
];

export default function TermsAndConditions({ company = null, updated_at }: Props) {
  return (
    <>
      <Head title="Terms and Conditions" />
      <LegalDocument
        title="Terms and Conditions"
        updatedAt={updated_at}
        intro={
          <p>
            {company ? `These terms apply to your use of Kazi as a member of ${company}. ` : ''}
            They say what you can expect from Kazi and what we expect from the people and organisations who use it.
          </p>
        }
        sections={SECTIONS}
      />
    </>
  );
}

TermsAndConditions.layout = AuthAwareLayout;
