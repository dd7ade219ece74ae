-- hand-written:
-- the built-in roles of existing companies learn rsvp.check_in as new companies get it (common/permissions.ts):
-- every role that could send RSVP invitations may check guests in at the door
UPDATE roles SET permissions = permissions || '["rsvp.check_in"]'::jsonb
 WHERE built_in AND slug IN ('owner', 'admin', 'campaign-manager', 'organiser') AND NOT permissions ? 'rsvp.check_in';
