DROP INDEX `reports_account_idx`;--> statement-breakpoint
CREATE INDEX `reports_account_vehicle_idx` ON `reports` (`account_id`,`vehicle_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `reports_account_idx` ON `reports` (`account_id`,`created_at`,`id`);--> statement-breakpoint
DROP INDEX `trips_account_end_idx`;--> statement-breakpoint
CREATE INDEX `trips_account_vehicle_end_idx` ON `trips` (`account_id`,`vehicle_id`,`end_at`,`id`);--> statement-breakpoint
CREATE INDEX `trips_account_status_end_idx` ON `trips` (`account_id`,`status`,`end_at`,`id`);--> statement-breakpoint
CREATE INDEX `trips_account_end_idx` ON `trips` (`account_id`,`end_at`,`id`);--> statement-breakpoint
CREATE INDEX `claims_account_updated_idx` ON `claims` (`account_id`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `claims_account_created_idx` ON `claims` (`account_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `share_links_account_created_idx` ON `share_links` (`account_id`,`created_at`);