CREATE TABLE `claim_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`claim_id` text NOT NULL,
	`account_id` text NOT NULL,
	`status` text NOT NULL,
	`from_status` text,
	`claimed_cents` integer,
	`approved_cents` integer,
	`paid_cents` integer,
	`note` text,
	`by_user_id` text,
	`by_role` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`claim_id`) REFERENCES `claims`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `claim_events_claim_idx` ON `claim_events` (`claim_id`,`id`);--> statement-breakpoint
CREATE TABLE `claims` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`trip_id` text NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`report_id` text,
	`report_revision` integer,
	`claimed_cents` integer NOT NULL,
	`approved_cents` integer,
	`paid_cents` integer,
	`note` text,
	`created_by_user_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`trip_id`) REFERENCES `trips`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `claims_account_status_idx` ON `claims` (`account_id`,`status`);--> statement-breakpoint
CREATE INDEX `claims_trip_idx` ON `claims` (`trip_id`);