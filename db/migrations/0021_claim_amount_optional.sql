PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_claims` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`trip_id` text NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`report_id` text,
	`report_revision` integer,
	`claimed_cents` integer,
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
INSERT INTO `__new_claims`("id", "account_id", "trip_id", "kind", "status", "report_id", "report_revision", "claimed_cents", "approved_cents", "paid_cents", "note", "created_by_user_id", "created_at", "updated_at") SELECT "id", "account_id", "trip_id", "kind", "status", "report_id", "report_revision", "claimed_cents", "approved_cents", "paid_cents", "note", "created_by_user_id", "created_at", "updated_at" FROM `claims`;--> statement-breakpoint
DROP TABLE `claims`;--> statement-breakpoint
ALTER TABLE `__new_claims` RENAME TO `claims`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `claims_account_status_idx` ON `claims` (`account_id`,`status`);--> statement-breakpoint
CREATE INDEX `claims_trip_idx` ON `claims` (`trip_id`);