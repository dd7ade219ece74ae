import { accountingSettingsModule } from './accounting-settings/module.js';
import { accountingModule } from './accounting/module.js';
import { activityModule } from './activity/module.js';
import { apiTokensModule } from './api-tokens/module.js';
import { airtimeModule } from './airtime/module.js';
import { attachmentsModule } from './attachments/module.js';
import { authModule } from './auth/module.js';
import { bankingModule } from './banking/module.js';
import { campaignsModule } from './campaigns/module.js';
import { chatModule } from './chat/module.js';
import { cmsModule } from './cms/module.js';
import { companySettingsModule } from './company-settings/module.js';
import { dashboardModule } from './dashboard/module.js';
import { deliveryModule } from './delivery/module.js';
import { documentsModule } from './documents/module.js';
import { emailModule } from './email/module.js';
import { emailTemplatesModule } from './email-templates/module.js';
import { installModules, type KaziModule } from './kazi-module.js';
import { ledgerModule } from './ledger/module.js';
import { mailboxModule } from './mailbox/module.js';
import { mediaModule } from './media/module.js';
import { notificationsModule } from './notifications/module.js';
import { outreachModule } from './outreach/module.js';
import { paymentsModule } from './payments/module.js';
import { platformModule } from './platform/module.js';
import { profileModule } from './profile/module.js';
import { quotesModule } from './quotes/module.js';
import { realtimeModule } from './realtime/module.js';
import { reportsModule } from './reports/module.js';
import { rsvpModule } from './rsvp/module.js';
import { smsModule } from './sms/module.js';
import { surveysModule } from './surveys/module.js';
import { subscriptionsModule } from './subscriptions/module.js';
import { rolesModule } from './roles/module.js';
import { tenancyModule } from './tenancy/module.js';
import { usersModule } from './users/module.js';
import { walletModule } from './wallet/module.js';
import { workflowsModule } from './workflows/module.js';

/**
 * Every module, in dependency order (docs/decisions/0016-module-boundaries.md): a module comes
 * after every module it imports. Plugins register, company set-up steps and demo steps run in
 * this order, so a step finds what the modules before it made. server/architecture.test.ts
 * checks the order against the import rules of .dependency-cruiser.cjs.
 */
export const MODULES: readonly KaziModule[] = [
  activityModule,
  tenancyModule,
  authModule,
  rolesModule,
  notificationsModule,
  realtimeModule,
  attachmentsModule,
  mediaModule,
  accountingModule,
  platformModule,
  usersModule,
  profileModule,
  ledgerModule,
  outreachModule,
  paymentsModule,
  apiTokensModule,
  bankingModule,
  accountingSettingsModule,
  documentsModule,
  companySettingsModule,
  reportsModule,
  walletModule,
  quotesModule,
  deliveryModule,
  emailTemplatesModule,
  smsModule,
  airtimeModule,
  emailModule,
  cmsModule,
  campaignsModule,
  chatModule,
  mailboxModule,
  rsvpModule,
  workflowsModule,
  surveysModule,
  subscriptionsModule,
  dashboardModule,
];

installModules(MODULES);
