-- Hand-written: drizzle-kit emits neither FORCE nor roles (docs/decisions/0002-tenancy-and-rls.md).
-- The app runs every tenant query as kazi_app, a role that is neither owner,
-- superuser nor BYPASSRLS, so row-level security always applies to it.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'kazi_app') THEN
    CREATE ROLE kazi_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
END $$;
--> statement-breakpoint
-- The connecting user must be able to SET ROLE kazi_app (a superuser can already).
DO $$ BEGIN
  EXECUTE format('GRANT kazi_app TO %I', current_user);
EXCEPTION WHEN others THEN NULL;
END $$;
--> statement-breakpoint
-- Idempotent: every table with a tenant_id gets ENABLE + FORCE row-level security,
-- the tenant_isolation policy and the app role's grants. Called at the end of every
-- migration run, so a new module's tables only need a tenant_id column.
CREATE OR REPLACE FUNCTION kazi_secure_tenant_tables() RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE r record;
BEGIN
  EXECUTE 'GRANT USAGE ON SCHEMA public TO kazi_app';
  FOR r IN
    SELECT c.relname FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', r.relname);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', r.relname);
    IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = r.relname AND policyname = 'tenant_isolation') THEN
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %I USING (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::bigint) WITH CHECK (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::bigint)',
        r.relname);
    END IF;
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO kazi_app', r.relname);
  END LOOP;
  EXECUTE 'GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO kazi_app';
END
$fn$;
--> statement-breakpoint
-- Global tables the app role may read inside a tenant transaction, each behind its own policy.
-- ENABLE without FORCE: the owner connection (auth, registration) reads them whole.
ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_self ON tenants
  USING (id = nullif(current_setting('app.tenant_id', true), '')::bigint);
--> statement-breakpoint
-- a signed-in user may list the tenants they belong to (the tenant switcher)
CREATE POLICY tenant_of_member ON tenants FOR SELECT
  USING (id IN (SELECT m.tenant_id FROM memberships m));
--> statement-breakpoint
GRANT SELECT, UPDATE ON tenants TO kazi_app;
--> statement-breakpoint
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- users are visible to a tenant only through its memberships (themselves row-level secured)
CREATE POLICY user_of_tenant ON users FOR SELECT
  USING (id IN (SELECT m.user_id FROM memberships m));
--> statement-breakpoint
CREATE POLICY user_self ON users
  USING (id = nullif(current_setting('app.user_id', true), '')::bigint);
--> statement-breakpoint
GRANT SELECT, UPDATE ON users TO kazi_app;
--> statement-breakpoint
SELECT kazi_secure_tenant_tables();
--> statement-breakpoint
-- a user sees their own memberships in every tenant (login, tenant switcher)
CREATE POLICY own_memberships ON memberships FOR SELECT
  USING (user_id = nullif(current_setting('app.user_id', true), '')::bigint);
