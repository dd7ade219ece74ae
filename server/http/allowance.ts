import type { Tx } from '../db/client.js';

/**
 * What a company's plan allows (docs/decisions/0046-plans-and-subscriptions.md), asked at the
 * single places where something that counts against a limit is made: a user invited, a contact
 * created or imported, a send's recipients written, a file uploaded. The areas sit below the
 * subscriptions module that knows the plans, so they ask through this hook, which that module
 * installs; with none installed (a bare test app) everything is allowed.
 *
 * `adding` is how many of the kind the action adds (bytes for storage); the check throws an
 * HttpError (402, a sentence naming the limit and where to upgrade) when the action would pass
 * the limit, and answers otherwise. It runs in the caller's tenant transaction, so what it
 * counts is what that transaction sees.
 */
export type AllowanceKind = 'users' | 'contacts' | 'messages' | 'storage';
export type AllowanceCheck = (tx: Tx, tenantId: number, kind: AllowanceKind, adding: number) => Promise<void>;

let installed: AllowanceCheck | null = null;

export function installAllowanceCheck(check: AllowanceCheck) {
  installed = check;
}

export async function checkAllowance(tx: Tx, tenantId: number, kind: AllowanceKind, adding: number): Promise<void> {
  if (installed && adding > 0) await installed(tx, tenantId, kind, adding);
}
