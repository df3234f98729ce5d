CREATE TABLE `sent_reminders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`key` text NOT NULL,
	`sent_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sent_reminders_key_idx` ON `sent_reminders` (`account_id`,`key`);--> statement-breakpoint
ALTER TABLE `accounts` ADD `reminder_lead_hours` text DEFAULT '[24,2]' NOT NULL;--> statement-breakpoint
ALTER TABLE `accounts` ADD `daily_digest` integer DEFAULT true NOT NULL;