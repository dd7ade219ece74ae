import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { forbidden, unauthenticated } from '../../http/errors.js';

/**
 * The platform operator (docs/decisions/0031): a person who runs Kazi itself — the credit rates,
 * the approval of offline payments, later the plans — across every company. An operator is a
 * user whose e-mail is in platform_operators (`npm run operator -- grant <email>`) or in the
 * KAZI_OPERATORS list of the environment. It is not a permission of a company's role: an
 * owner of a company holds every permission and is still no operator.
 */

const normal = (email: string) => email.trim().toLowerCase();
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export class OperatorInputError extends Error {}

/** True when `email` is an operator, by the environment's list or by the table (owner connection). */
export async function isOperator(database: Database, config: Pick<Config, 'operators'>, email: string | null | undefined): Promise<boolean> {
  if (!email) return false;
  const e = normal(email);
  if (config.operators.includes(e)) return true;
  const found = await database.prepared('platform.is_operator', 'select 1 from platform_operators where email = $1', [e]);
  return found.length > 0;
}

/** Grants the operator role to an e-mail (a user need not exist yet); true when it was new. */
export async function grantOperator(database: Database, email: string, grantedBy = 'cli'): Promise<boolean> {
  const e = normal(email);
  if (!EMAIL.test(e)) throw new OperatorInputError(`"${email}" is not an e-mail address.`);
  const added = await database.query('insert into platform_operators (email, granted_by) values ($1, $2) on conflict (email) do nothing returning email', [e, grantedBy]);
  return added.length > 0;
}

/** Takes the operator role from an e-mail granted with grantOperator; true when it had it. */
export async function revokeOperator(database: Database, email: string): Promise<boolean> {
  const removed = await database.query('delete from platform_operators where email = $1 returning email', [normal(email)]);
  return removed.length > 0;
}

export interface OperatorRow {
  email: string;
  granted_by: string;
  created_at: string;
  /** the name of the user with this e-mail, when one has signed up */
  user_name: string | null;
}

/** The operators granted in the table (the environment's list is shown apart by the CLI). */
export async function listOperators(database: Database): Promise<OperatorRow[]> {
  return database.query<OperatorRow>(
    `select o.email, o.granted_by, to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as created_at, u.name as user_name
       from platform_operators o left join users u on lower(u.email) = o.email
      order by o.email`,
  );
}

/**
 * preHandler for the operator's routes (under /operator/*, and any module's operator-only
 * route): the route itself declares `access: 'authenticated'`; this refuses everyone but an
 * operator with 403, whatever their company role.
 */
export const requireOperator: preHandlerAsyncHookHandler = async function (this: unknown, req: FastifyRequest, _reply: FastifyReply) {
  if (!req.user) throw unauthenticated();
  if (!(await req.isOperator())) throw forbidden('Only a platform operator may do this.');
};

declare module 'fastify' {
  interface FastifyRequest {
    /** true when the signed-in user is a platform operator (read once per request; the shell's menu asks too) */
    isOperator(): Promise<boolean>;
  }
}

const asked = new WeakMap<FastifyRequest, Promise<boolean>>();

/** The request's isOperator(), read at most once per request. */
export function operatorOfRequest(this: FastifyRequest): Promise<boolean> {
  let answer = asked.get(this);
  if (!answer) {
    answer = this.user ? isOperator(this.server.ctx.database, this.server.ctx.config, this.user.email) : Promise.resolve(false);
    asked.set(this, answer);
  }
  return answer;
}

/** Route options of an operator-only route: signed in, then requireOperator. */
export const operatorOnly = { config: { access: 'authenticated' as const }, preHandler: requireOperator };
