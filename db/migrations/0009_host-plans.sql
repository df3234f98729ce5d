CREATE TABLE `vehicle_host_plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`vehicle_id` text NOT NULL,
	`plan_id` integer NOT NULL,
	`effective_from` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vehicle_host_plans_idx` ON `vehicle_host_plans` (`vehicle_id`,`effective_from`);--> statement-breakpoint
ALTER TABLE `trips` ADD `guest_plan` text;