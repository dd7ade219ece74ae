-- Lists at a million rows (docs/decisions/0020-lists-at-scale.md). Generated index changes,
-- plus three hand-written parts: pg_trgm and leakproof ILIKE first, the session function last.
--
-- Trigram indexes answer ILIKE '%…%'. Under row-level security the planner may only use an
-- index for a condition whose function is LEAKPROOF, which texticlike (ILIKE) is not marked
-- by default, so as the app role every search read the whole company. Only a superuser may
-- mark it; without one the migration warns and searches still work, slowly.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DO $$ BEGIN
  ALTER FUNCTION texticlike(text, text) LEAKPROOF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE WARNING 'ILIKE could not be marked LEAKPROOF (that needs a superuser): searches will not use their trigram indexes under row-level security';
END $$;--> statement-breakpoint
DROP INDEX "categories_tenant_type_name_idx";--> statement-breakpoint
DROP INDEX "contacts_tenant_type_name_idx";--> statement-breakpoint
DROP INDEX "contacts_tenant_name_idx";--> statement-breakpoint
DROP INDEX "items_tenant_name_idx";--> statement-breakpoint
DROP INDEX "taxes_tenant_name_idx";--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
DROP INDEX "bank_accounts_tenant_name_idx";--> statement-breakpoint
DROP INDEX "transactions_tenant_paid_idx";--> statement-breakpoint
DROP INDEX "transactions_tenant_account_idx";--> statement-breakpoint
DROP INDEX "transfers_tenant_date_idx";--> statement-breakpoint
DROP INDEX "documents_tenant_type_issued_idx";--> statement-breakpoint
DROP INDEX "reports_tenant_name_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (coalesce("name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("phone", '') || ' ' || coalesce("tax_number", '') || ' ' || coalesce("reference", '')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "search_text" text GENERATED ALWAYS AS (coalesce("code", '') || ' ' || coalesce("name", '')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "search_text" text GENERATED ALWAYS AS (coalesce("name", '') || ' ' || coalesce("description", '')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "search_text" text GENERATED ALWAYS AS (coalesce("name", '') || ' ' || coalesce("code", '')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "search_text" text GENERATED ALWAYS AS (coalesce("title", '') || ' ' || coalesce("body", '')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (coalesce("name", '') || ' ' || coalesce("number", '') || ' ' || coalesce("bank_name", '')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "search_text" text GENERATED ALWAYS AS (coalesce("number", '') || ' ' || coalesce("reference", '') || ' ' || coalesce("description", '')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (coalesce("reference", '') || ' ' || coalesce("description", '')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "search_text" text GENERATED ALWAYS AS (coalesce("document_number", '') || ' ' || coalesce("contact_name", '')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "search_text" text GENERATED ALWAYS AS (coalesce("name", '') || ' ' || coalesce("description", '')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "roles_name_trgm_idx" ON "roles" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_tenant_name_idx" ON "categories" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "categories_name_trgm_idx" ON "categories" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_search_text_trgm_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "currencies_search_text_trgm_idx" ON "currencies" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "items_search_text_trgm_idx" ON "items" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payment_methods_tenant_position_idx" ON "payment_methods" USING btree ("tenant_id","position","id");--> statement-breakpoint
CREATE INDEX "payment_methods_search_text_trgm_idx" ON "payment_methods" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "taxes_name_trgm_idx" ON "taxes" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notifications_search_text_trgm_idx" ON "notifications" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bank_accounts_search_text_trgm_idx" ON "bank_accounts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_search_text_trgm_idx" ON "transactions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transfers_search_text_trgm_idx" ON "transfers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_tenant_issued_idx" ON "documents" USING btree ("tenant_id","issued_at","id");--> statement-breakpoint
CREATE INDEX "documents_search_text_trgm_idx" ON "documents" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reports_search_text_trgm_idx" ON "reports" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_tenant_type_name_idx" ON "categories" USING btree ("tenant_id","type","name","id");--> statement-breakpoint
CREATE INDEX "contacts_tenant_type_name_idx" ON "contacts" USING btree ("tenant_id","type","name","id");--> statement-breakpoint
CREATE INDEX "contacts_tenant_name_idx" ON "contacts" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "items_tenant_name_idx" ON "items" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "taxes_tenant_name_idx" ON "taxes" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("tenant_id","user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bank_accounts_tenant_name_idx" ON "bank_accounts" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "transactions_tenant_paid_idx" ON "transactions" USING btree ("tenant_id","paid_at","id");--> statement-breakpoint
CREATE INDEX "transactions_tenant_account_idx" ON "transactions" USING btree ("tenant_id","bank_account_id","paid_at","id");--> statement-breakpoint
CREATE INDEX "transfers_tenant_date_idx" ON "transfers" USING btree ("tenant_id","transferred_at","id");--> statement-breakpoint
CREATE INDEX "documents_tenant_type_issued_idx" ON "documents" USING btree ("tenant_id","type","issued_at","id");--> statement-breakpoint
CREATE INDEX "reports_tenant_name_idx" ON "reports" USING btree ("tenant_id","name","id");--> statement-breakpoint
-- The session and its auth context in one call (server/plugins/session.ts): the session row
-- and its user as the owner connection, then, as the app role with the session's user and
-- tenant as settings (so row-level security applies), the active membership, its role and
-- the tenant. PL/pgSQL keeps the plans of these statements for the connection's lifetime,
-- where the multi-statement script it replaces was parsed and planned on every request.
-- The owner's permissions are not sent: the owner holds every permission of the registry.
CREATE OR REPLACE FUNCTION kazi_session_context(sid text)
RETURNS TABLE (
  session_id text, user_id bigint, tenant_id bigint, csrf_token text, data jsonb,
  password_confirmed_at timestamptz, last_activity timestamptz,
  user_name text, user_email text, user_email_verified_at timestamptz, user_avatar text,
  tenant_name text, tenant_timezone text, tenant_settings jsonb, role_slug text, role_permissions jsonb
) LANGUAGE plpgsql AS $fn$
#variable_conflict use_variable
BEGIN
  SELECT x.id, x.user_id, x.current_tenant_id, x.csrf_token, x.data, x.password_confirmed_at, x.last_activity
    INTO session_id, user_id, tenant_id, csrf_token, data, password_confirmed_at, last_activity
    FROM sessions x
   WHERE x.id = sid AND x.expires_at > now();
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF user_id IS NOT NULL THEN
    SELECT u.name, u.email, u.email_verified_at, u.avatar
      INTO user_name, user_email, user_email_verified_at, user_avatar
      FROM users u
     WHERE u.id = user_id;
    IF tenant_id IS NOT NULL THEN
      PERFORM set_config('app.user_id', user_id::text, true),
              set_config('app.tenant_id', tenant_id::text, true),
              set_config('role', 'kazi_app', true);
      SELECT t.name, t.timezone, t.settings, r.slug, CASE WHEN r.slug = 'owner' THEN NULL ELSE r.permissions END
        INTO tenant_name, tenant_timezone, tenant_settings, role_slug, role_permissions
        FROM memberships m
        JOIN roles r ON r.tenant_id = m.tenant_id AND r.id = m.role_id
        JOIN tenants t ON t.id = m.tenant_id
       WHERE m.user_id = user_id AND m.tenant_id = tenant_id AND m.status = 'active';
    END IF;
  END IF;
  RETURN NEXT;
END
$fn$;
