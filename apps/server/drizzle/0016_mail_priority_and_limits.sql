DROP INDEX "mail_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "recipient_chosen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_client_idx" ON "mail_outbox" USING btree ("client_address","created_at") WHERE "mail_outbox"."client_address" is not null;--> statement-breakpoint
CREATE INDEX "mail_outbox_chosen_recipient_idx" ON "mail_outbox" USING btree ("to_address","created_at") WHERE "mail_outbox"."recipient_chosen";--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("priority","next_attempt_at") WHERE "mail_outbox"."status" in ('pending','sending');