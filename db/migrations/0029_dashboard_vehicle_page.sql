DROP INDEX `vehicles_account_idx`;--> statement-breakpoint
CREATE INDEX `vehicles_account_idx` ON `vehicles` (`account_id`,`created_at`,`id`);