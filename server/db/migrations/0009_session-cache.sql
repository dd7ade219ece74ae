-- The session context cache (docs/decisions/0020-lists-at-scale.md, "The session path").
-- Each server process keeps the user, membership, role and tenant a session resolved to, and
-- checks on every request, in the same statement that reads the session row, that nothing they
-- depend on has changed since: `auth_epoch` is one row whose number rises, in the changing
-- transaction, with every write to roles or memberships and every change to a user's or
-- tenant's name, e-mail, avatar, time zone or settings, whichever process or tool makes it.
--
-- The bump runs BEFORE each statement, so a transaction takes the row's lock before it holds
-- any row of those tables: writers queue on it instead of deadlocking. It is transactional: a
-- reader sees the new number only once the change is visible to it too.
CREATE TABLE auth_epoch (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  epoch bigint NOT NULL
);--> statement-breakpoint
INSERT INTO auth_epoch (id, epoch) VALUES (true, 1);--> statement-breakpoint
CREATE FUNCTION kazi_bump_auth_epoch() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  UPDATE auth_epoch SET epoch = epoch + 1;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER auth_epoch_roles BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION kazi_bump_auth_epoch();--> statement-breakpoint
CREATE TRIGGER auth_epoch_memberships BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON memberships
  FOR EACH STATEMENT EXECUTE FUNCTION kazi_bump_auth_epoch();--> statement-breakpoint
CREATE TRIGGER auth_epoch_users BEFORE UPDATE OF name, email, email_verified_at, avatar OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION kazi_bump_auth_epoch();--> statement-breakpoint
CREATE TRIGGER auth_epoch_tenants BEFORE UPDATE OF name, timezone, settings OR DELETE OR TRUNCATE ON tenants
  FOR EACH STATEMENT EXECUTE FUNCTION kazi_bump_auth_epoch();
