import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/client.js';
import { defaultCurrency } from './currency.js';
import { contactResource } from './resources.js';

type SummaryRow = { count: number; first_paid_at: string | null; last_paid_at: string | null; total_paid: string; balance: string };

/**
 * The figures of a customer's or vendor's Show page, in the company's default currency:
 * what they paid us (income) or we paid them (expense), how often and when, and what is
 * still open on the receivables or payables ledger account.
 */
export async function contactSummaryRoutes(app: FastifyInstance) {
  // access by the contact's type: the resource's read 404s a type the user may not see (scope) and 403s by type (authorize)
  app.get('/accounting/contacts/summary/:id', { config: { access: ['customers.view', 'vendors.view'] } }, async (req) => {
    const { data: contact } = await contactResource.get(req);
    const id = contact.id as number;
    const customer = contact.type === 'customer';
    const tenantId = req.tenant!.id;
    return req.tenantTx(async (tx) => {
      const currency = await defaultCurrency(tx, tenantId);
      const p = currency.precision;
      // each payment converts as the ledger converts it (common/money.ts convert: to the stored
      // scale of 4, then to the currency's precision), so the total matches the books
      const [row] = await rows<SummaryRow>(
        tx,
        sql`select count(*)::int as count,
                   min(t.paid_at)::text as first_paid_at,
                   max(t.paid_at)::text as last_paid_at,
                   round(coalesce(sum(round(round(t.amount / t.currency_rate, 4), ${p}::int)), 0), ${p}::int)::text as total_paid,
                   (select round(coalesce(sum(l.base_amount), 0) * ${customer ? 1 : -1}::int, ${p}::int)::text
                      from journal_lines l
                      join ledger_accounts a on a.tenant_id = l.tenant_id and a.id = l.ledger_account_id
                     where l.tenant_id = ${tenantId} and l.contact_id = ${id}
                       and a.system_key = ${customer ? 'receivables' : 'payables'}) as balance
              from transactions t
             where t.tenant_id = ${tenantId} and t.contact_id = ${id} and t.type = ${customer ? 'income' : 'expense'}`,
      );
      return {
        data: {
          contact_id: id,
          type: contact.type,
          currency: {
            code: currency.code,
            name: currency.name,
            precision: currency.precision,
            symbol: currency.symbol,
            symbol_first: currency.symbolFirst,
            decimal_mark: currency.decimalMark,
            thousands_separator: currency.thousandsSeparator,
          },
          total_paid: row.total_paid,
          transactions_count: Number(row.count),
          first_paid_at: row.first_paid_at,
          last_paid_at: row.last_paid_at,
          // receivable: what the customer still owes; payable: what we still owe the vendor
          balance: row.balance,
          balance_account: customer ? 'receivables' : 'payables',
        },
      };
    });
  });
}
