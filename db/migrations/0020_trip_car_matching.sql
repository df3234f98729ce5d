CREATE TABLE `vehicle_matches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`key` text NOT NULL,
	`vehicle_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vehicle_matches_account_key_idx` ON `vehicle_matches` (`account_id`,`key`);--> statement-breakpoint
ALTER TABLE `trips` ADD `vehicle_title` text;--> statement-breakpoint
ALTER TABLE `trips` ADD `vehicle_listing_id` text;