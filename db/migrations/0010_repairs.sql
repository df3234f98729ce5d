CREATE TABLE `repair_confirmations` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`report_id` text NOT NULL,
	`report_revision` integer NOT NULL,
	`estimate_cents` integer NOT NULL,
	`estimate_low_cents` integer NOT NULL,
	`estimate_high_cents` integer NOT NULL,
	`invoice_cents` integer NOT NULL,
	`repaired_on` text NOT NULL,
	`shop_name` text,
	`created_by_user_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `repair_confirmations_account_idx` ON `repair_confirmations` (`account_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `repair_quotes` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`report_id` text NOT NULL,
	`report_revision` integer NOT NULL,
	`shop_name` text NOT NULL,
	`shop_email` text,
	`token_hash` text,
	`status` text NOT NULL,
	`amount_cents` integer,
	`days` integer,
	`details` text,
	`source` text NOT NULL,
	`created_by_user_id` text,
	`requested_at` integer NOT NULL,
	`received_at` integer,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `repair_quotes_token_hash_unique` ON `repair_quotes` (`token_hash`);--> statement-breakpoint
CREATE INDEX `repair_quotes_report_idx` ON `repair_quotes` (`account_id`,`report_id`);