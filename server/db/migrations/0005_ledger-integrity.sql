-- Hand-written (docs/decisions/0006-double-entry-ledger.md).
-- 1. Append-only tables: a table whose comment is 'append-only' is granted to the app role
--    for SELECT and INSERT only. kazi_secure_tenant_tables() runs after every migration, so
--    it learns the rule here rather than re-granting UPDATE and DELETE each time.
CREATE OR REPLACE FUNCTION kazi_secure_tenant_tables() RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE r record;
BEGIN
  EXECUTE 'GRANT USAGE ON SCHEMA public TO kazi_app';
  FOR r IN
    SELECT c.relname, coalesce(obj_description(c.oid, 'pg_class'), '') = 'append-only' AS append_only
      FROM pg_class c
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
    IF r.append_only THEN
      EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE ON %I FROM kazi_app', r.relname);
      EXECUTE format('GRANT SELECT, INSERT ON %I TO kazi_app', r.relname);
    ELSE
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO kazi_app', r.relname);
    END IF;
  END LOOP;
  EXECUTE 'GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO kazi_app';
END
$fn$;
--> statement-breakpoint
COMMENT ON TABLE journal_entries IS 'append-only';
--> statement-breakpoint
COMMENT ON TABLE journal_lines IS 'append-only';
--> statement-breakpoint
-- 2. Every entry balances in every currency. The posting service writes all lines of an
--    entry in one INSERT, so a statement-level check over the inserted rows sees whole entries.
CREATE OR REPLACE FUNCTION kazi_check_journal_balanced() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE bad record;
BEGIN
  SELECT l.entry_id, l.currency_code, sum(l.amount) AS total
    INTO bad
    FROM journal_lines l
   WHERE (l.tenant_id, l.entry_id) IN (SELECT DISTINCT n.tenant_id, n.entry_id FROM new_lines n)
   GROUP BY l.entry_id, l.currency_code
  HAVING sum(l.amount) <> 0
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'journal entry % does not balance in %: %', bad.entry_id, bad.currency_code, bad.total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_balanced AFTER INSERT ON journal_lines
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION kazi_check_journal_balanced();
