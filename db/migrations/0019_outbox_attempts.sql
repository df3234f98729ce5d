ALTER TABLE `email_outbox` ADD `duplicate_harmless` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `attempt_started_at` integer;