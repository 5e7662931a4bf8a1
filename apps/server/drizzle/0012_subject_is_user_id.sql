-- Built-in accounts take the id of their user row, so the `sub` of ID and access tokens (the account id)
-- is the user id the API and the hubs use (spec §3). Provider state (sessions, grants, codes) follows the
-- new id, so people stay signed in; access tokens issued before carry the old id and are refused.
CREATE TEMP TABLE atrium_subject_moves ON COMMIT DROP AS
SELECT a.id AS old_id, u.id AS new_id
FROM accounts a JOIN users u ON u.subject = a.id::text
WHERE u.login_provider = 'atrium' AND u.id <> a.id;--> statement-breakpoint
ALTER TABLE "password_resets" DROP CONSTRAINT "password_resets_account_id_accounts_id_fk";--> statement-breakpoint
UPDATE accounts a SET id = m.new_id FROM atrium_subject_moves m WHERE a.id = m.old_id;--> statement-breakpoint
UPDATE password_resets r SET account_id = m.new_id FROM atrium_subject_moves m WHERE r.account_id = m.old_id;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE users u SET subject = u.id::text FROM atrium_subject_moves m WHERE u.id = m.new_id;--> statement-breakpoint
UPDATE oidc_payloads p
SET account_id = m.new_id::text, payload = jsonb_set(p.payload, '{accountId}', to_jsonb(m.new_id::text))
FROM atrium_subject_moves m WHERE p.account_id = m.old_id::text;--> statement-breakpoint
-- A sign-in in progress names its account inside the interaction, not in the indexed column.
UPDATE oidc_payloads p
SET payload = jsonb_set(p.payload, '{session,accountId}', to_jsonb(m.new_id::text))
FROM atrium_subject_moves m WHERE p.kind = 'Interaction' AND p.payload #>> '{session,accountId}' = m.old_id::text;--> statement-breakpoint
UPDATE oidc_payloads p
SET payload = jsonb_set(p.payload, '{result,login,accountId}', to_jsonb(m.new_id::text))
FROM atrium_subject_moves m WHERE p.kind = 'Interaction' AND p.payload #>> '{result,login,accountId}' = m.old_id::text;
