CREATE INDEX `claims_status_account_idx` ON `claims` (`status`,`account_id`);--> statement-breakpoint
CREATE INDEX `conversations_last_message_idx` ON `conversations` (`last_message_at`,`account_id`);--> statement-breakpoint
CREATE INDEX `trips_status_start_idx` ON `trips` (`status`,`start_at`);--> statement-breakpoint
CREATE INDEX `trips_end_idx` ON `trips` (`end_at`);