DROP INDEX `repair_confirmations_account_idx`;--> statement-breakpoint
CREATE INDEX `repair_confirmations_report_idx` ON `repair_confirmations` (`report_id`);--> statement-breakpoint
CREATE INDEX `repair_confirmations_account_idx` ON `repair_confirmations` (`account_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `repair_quotes_account_idx` ON `repair_quotes` (`account_id`,`requested_at`,`id`);