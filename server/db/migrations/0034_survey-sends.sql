ALTER TABLE "sends" ADD COLUMN "survey_id" bigint;--> statement-breakpoint
CREATE INDEX "sends_survey_idx" ON "sends" USING btree ("tenant_id","survey_id","id") WHERE survey_id is not null;--> statement-breakpoint
-- hand-written:
-- the built-in roles of existing companies learn surveys.send as new companies get it (common/permissions.ts)
UPDATE roles SET permissions = permissions || '["surveys.send"]'::jsonb
 WHERE built_in AND slug IN ('owner', 'admin', 'campaign-manager') AND NOT permissions ? 'surveys.send';
