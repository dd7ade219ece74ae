import type { FastifyInstance, FastifyRequest } from 'fastify';
import { todayIn } from '../../../common/reports/periods.js';
import type { ReportData, ReportType } from '../../../common/reports/types.js';
import { reportExportQuerySchema, reportQuerySchema, reportSettingsSchema, standardReportsSchema } from '../../../common/schemas/reports.js';
import { notFound, ValidationError } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import { buildReport, effectiveSettings, reportContext } from './build.js';
import { reportCsv, reportPdf, reportXlsx } from './export.js';
import { createStandardReports, reportResource } from './resource.js';

/** The definition named by the URL, or 404 (another company's id, a bad id, no such report). */
async function definitionOf(req: FastifyRequest) {
  const { data } = await reportResource.get(req).catch((err: { statusCode?: number }) => {
    throw err.statusCode === 404 || err.statusCode === 422 ? notFound('Report') : err;
  });
  return data as { id: number; name: string; type: ReportType; description: string | null; settings: unknown };
}

/** The figures of the report of the URL, with the query's overrides of its settings (422 when they do not hold together). */
async function readReport(req: FastifyRequest, query: Record<string, unknown>): Promise<ReportData> {
  const def = await definitionOf(req);
  const parsed = validate(reportQuerySchema, query) as Record<string, unknown>;
  // only what the query names overrides the definition (a parsed empty date reads as null)
  const overrides = Object.fromEntries(Object.entries(parsed).filter(([k]) => query[k] !== undefined));
  const settings = validate(reportSettingsSchema, effectiveSettings(def.settings, overrides));
  return req.tenantTx(async (tx) => {
    const ctx = await reportContext(tx, req.tenant!.id, todayIn(req.tenant!.timezone || 'UTC'));
    return buildReport(tx, ctx, def, settings);
  });
}

const fileName = (d: ReportData, ext: string) =>
  `${d.report.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'report'}-${d.range ? `${d.range.from}-${d.range.to}` : d.as_of}.${ext}`;

/** Reports (PAGES.md /reports): the definitions' JSON endpoints, their figures and files, and the pages. */
export async function reportRoutes(app: FastifyInstance) {
  reportResource.routes(app);

  app.post('/reports/standard', { config: { access: 'reports.create' } }, async (req, reply) => {
    // a JSON object, {} for every type; anything else is refused rather than taken as "all"
    if (req.body === null || typeof req.body !== 'object') throw new ValidationError({ types: ['The request must be a JSON object.'] });
    const { types } = validate(standardReportsSchema, req.body);
    const added = await req.tenantTx((tx) => createStandardReports(tx, req.tenant!.id, types));
    return reply.code(201).send({ message: added ? 'Standard reports created successfully.' : 'The standard reports already exist.', added });
  });

  app.get('/reports/:id/data', { config: { access: 'reports.view' } }, async (req) => ({ data: await readReport(req, req.query as Record<string, unknown>) }));

  app.get('/reports/:id/export', { config: { access: 'reports.export' } }, async (req, reply) => {
    const { format } = validate(reportExportQuerySchema, req.query);
    const data = await readReport(req, req.query as Record<string, unknown>);
    reply.header('cache-control', 'no-store');
    if (format === 'csv') {
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName(data, 'csv')}"`).send(reportCsv(data));
    }
    if (format === 'xlsx') {
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${fileName(data, 'xlsx')}"`)
        .send(await reportXlsx(data));
    }
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${fileName(data, 'pdf')}"`).send(await reportPdf(data));
  });

  // pages: the records come from the JSON endpoints; these check the id and give the form what it needs
  const formProps = (req: FastifyRequest) =>
    req.tenantTx(async (tx) => {
      const ctx = await reportContext(tx, req.tenant!.id, todayIn(req.tenant!.timezone || 'UTC'));
      return { financialYearStart: ctx.fyStart, today: ctx.today, currency: ctx.currency.code };
    });
  app.get('/reports', { config: { access: 'reports.view' } }, (_req, reply) => reply.inertia('Reports/Index', {}));
  app.get('/reports/create', { config: { access: 'reports.create' } }, async (req, reply) => reply.inertia('Reports/Create', await formProps(req)));
  app.get('/reports/:id', { config: { access: 'reports.view' } }, async (req, reply) =>
    reply.inertia('Reports/Show', { id: Number((await definitionOf(req)).id), ...(await formProps(req)) }),
  );
  app.get('/reports/:id/edit', { config: { access: 'reports.update' } }, async (req, reply) =>
    reply.inertia('Reports/Edit', { id: Number((await definitionOf(req)).id), ...(await formProps(req)) }),
  );
}
