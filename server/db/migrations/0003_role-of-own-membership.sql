-- A user context (app.user_id, no tenant) may read the roles of its own memberships:
-- the profile page lists "company — role" for every tenant the user belongs to.
CREATE POLICY role_of_own_membership ON roles FOR SELECT
  USING (EXISTS (SELECT 1 FROM memberships m WHERE m.tenant_id = roles.tenant_id AND m.role_id = roles.id));
