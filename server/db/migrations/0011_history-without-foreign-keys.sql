ALTER TABLE "contact_consent_events" DROP CONSTRAINT "contact_consent_events_tenant_id_contact_id_outreach_contacts_tenant_id_id_fk";
--> statement-breakpoint
ALTER TABLE "contact_events" DROP CONSTRAINT "contact_events_tenant_id_contact_id_outreach_contacts_tenant_id_id_fk";
--> statement-breakpoint
-- A contact's consent history and timeline keep no foreign key (server/modules/outreach/schema.ts,
-- docs/decisions/0026-outreach-contacts.md): they are written by the hundred thousand, and a
-- per-row key check locks each contact row. The histories of deleted contacts go with them here,
-- once per deleting statement, however many contacts it deleted (a bulk delete of a million
-- contacts is a few statements, not a million cascades).
CREATE FUNCTION kazi_delete_contact_histories() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM contact_consent_events e USING gone g WHERE e.tenant_id = g.tenant_id AND e.contact_id = g.id;
  DELETE FROM contact_events e USING gone g WHERE e.tenant_id = g.tenant_id AND e.contact_id = g.id;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER outreach_contacts_histories AFTER DELETE ON outreach_contacts
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION kazi_delete_contact_histories();
