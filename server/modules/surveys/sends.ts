import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SURVEY_VARIABLES, surveySendSchema, type SurveySendRow } from '../../../common/surveys.js';
import { rows } from '../../db/client.js';
import { isoTimestamp as ts } from '../../db/sql.js';
import { fieldError, HttpError, notFound } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import { kickSends, sendPersonalMessages, type PersonalChannel } from '../campaigns/personal-sends.js';
import { attachCounts, type DeliveryCounts } from '../delivery/index.js';
import { resolveAudience } from '../delivery/audience.js';
import { paramId } from './routes.js';
import { personalSurveyUrl, requireSurvey } from './service.js';

/** SPEC §8: a send is confirmed by 'Send Successfully' */
const SENT = 'Send Successfully';
export const SURVEY_CLOSED_FOR_SENDING = 'This survey is closed: reopen it before sending it.';

/**
 * Sending a survey (issue 20, docs/decisions/0052-personal-sends.md): by SMS and/or email to
 * contacts, segments and groups' participants, each recipient with their personal link
 * ({{ survey_link }}: their answer is theirs, once), through the delivery engine's personal sends
 * (consent and suppression honoured, one message per address, the wallet's credits held). Who
 * was sent the survey before on a channel (and not refused) or has answered it is left out, so
 * sending again to the same people adds only those not reached yet.
 */
export function surveySendRoutes(app: FastifyInstance) {
  app.post('/surveys/send-survey/:id', { config: { access: 'surveys.send' } }, async (req, reply) => {
    const surveyId = paramId(req);
    const body = validate(surveySendSchema, req.body ?? {});
    const tenantId = req.tenant!.id;
    const out = await req.tenantTx(async (tx) => {
      const survey = await requireSurvey(tx, tenantId, surveyId);
      if (survey.closed) throw new HttpError(422, SURVEY_CLOSED_FOR_SENDING);
      const segIds = [...new Set(body.segment_ids)];
      if (segIds.length) {
        const [s] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from segments where tenant_id = ${tenantId} and id = any(${sql.param(segIds)}::bigint[])`);
        if (Number(s.n) !== segIds.length) throw notFound('Segment');
      }
      const groupIds = [...new Set(body.group_ids)];
      const groups = groupIds.length
        ? await rows<{ name: string }>(tx, sql`select name from event_groups where tenant_id = ${tenantId} and id = any(${sql.param(groupIds)}::bigint[]) order by name`)
        : [];
      if (groups.length !== groupIds.length) throw notFound('Group');

      const audience = await resolveAudience(tx, tenantId, { contact_ids: body.contact_ids, segment_ids: segIds, numbers: [] });
      const who: SQL[] = [sql`(${audience.contacts})`];
      if (groupIds.length) {
        who.push(
          sql`exists (select 1 from group_participants p where p.tenant_id = ${tenantId} and p.group_id = any(${sql.param(groupIds)}::bigint[]) and p.contact_id = outreach_contacts.id)`,
        );
      }
      const label = [audience.label, groups.length ? `${groups.length === 1 ? 'Group' : 'Groups'}: ${groups.map((g) => g.name).join(', ')} (participants)` : '']
        .filter((p) => p && p !== 'No one')
        .join('; ');
      const company = (await rows<{ name: string }>(tx, sql`select coalesce(nullif(settings->>'name', ''), name) as name from tenants where id = ${tenantId}`))[0]?.name ?? '';
      const base = { survey_name: survey.name, company_name: company };

      // left out: who was sent it on this channel before (not refused), and who has answered it
      const notYet = (channel: PersonalChannel) => sql`not exists (
          select 1 from deliveries d join sends s on s.tenant_id = d.tenant_id and s.id = d.send_id
           where d.tenant_id = ${tenantId} and d.contact_id = outreach_contacts.id and s.survey_id = ${survey.id} and s.channel = ${channel}
             and d.state not in ('failed', 'rejected', 'cancelled'))
        and not exists (select 1 from survey_responses r where r.tenant_id = ${tenantId} and r.contact_id = outreach_contacts.id and r.survey_id = ${survey.id})`;

      const sent = await sendPersonalMessages(app, tx, {
        tenantId,
        channels: body.channels,
        strict: true,
        userId: req.user!.id,
        from: (channel) => sql`from outreach_contacts where outreach_contacts.tenant_id = ${tenantId} and (${sql.join(who, sql` or `)}) and ${notYet(channel)}`,
        tieBreak: sql`outreach_contacts.id`,
        texts: { sms: { field: 'message', body: body.message }, subject: { field: 'subject', body: body.subject }, html: { field: 'body', body: body.body } },
        variables: SURVEY_VARIABLES,
        vars: (r) => ({ ...base, survey_link: personalSurveyUrl(app.ctx.config, tenantId, survey.id, Number(r.contact_id)) }),
        blankVars: { ...base, survey_link: '' },
        send: {
          audience: { survey_id: survey.id, contact_ids: body.contact_ids.slice(0, 1000), segment_ids: segIds, group_ids: groupIds },
          audienceLabel: (n) => `${survey.name}: ${label || 'survey'} (${n} ${n === 1 ? 'recipient' : 'recipients'})`,
          campaignId: survey.campaign_id,
          eventId: survey.event_id,
          groupId: survey.group_id,
          surveyId: survey.id,
        },
      });
      if (!sent.sendIds.length) {
        throw fieldError('audience', 'No one to send to: everyone chosen has been sent this survey already, has answered it, or cannot be reached on these channels (no consent, suppressed, or no phone or email).');
      }
      return sent;
    });
    await kickSends(app, tenantId, out.sendIds);
    return reply.code(201).send({ message: SENT, data: { recipients: out.recipients, send_ids: out.sendIds } });
  });

  /** the survey's sends, newest first (at most 50), with their recipients' counts by state */
  app.get('/surveys/get-sends/:id', { config: { access: 'surveys.view' } }, async (req) => {
    const surveyId = paramId(req);
    const tenantId = req.tenant!.id;
    const data = await req.tenantTx(async (tx) => {
      await requireSurvey(tx, tenantId, surveyId);
      const list = await rows<SurveySendRow>(
        tx,
        sql`select s.id, s.channel, s.status, s.audience_label, s.recipients, s.credits_reserved::text as credits_reserved,
                   ${ts(sql`s.created_at`)} as created_at, ${ts(sql`s.completed_at`)} as completed_at,
                   (select u.name from users u where u.id = s.created_by) as created_by_name
              from sends s where s.tenant_id = ${tenantId} and s.survey_id = ${surveyId} order by s.id desc limit 50`,
      );
      const shaped = list.map((r) => ({ ...r, id: Number(r.id), recipients: Number(r.recipients) }));
      await attachCounts(tx, tenantId, shaped as { id: number; counts?: DeliveryCounts }[]);
      return shaped;
    });
    return { data };
  });
}
