CREATE TABLE `findings` (
	`id` text PRIMARY KEY NOT NULL,
	`report_id` text NOT NULL,
	`account_id` text NOT NULL,
	`vehicle_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`panel` text NOT NULL,
	`damage_type` text NOT NULL,
	`severity` text NOT NULL,
	`size_cm` real,
	`confidence` real NOT NULL,
	`photo_id` text,
	`box` text,
	`note` text,
	`source` text NOT NULL,
	`pre_existing` integer DEFAULT false NOT NULL,
	`repaired_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`photo_id`) REFERENCES `photos`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `findings_report_idx` ON `findings` (`report_id`,`position`);--> statement-breakpoint
CREATE INDEX `findings_vehicle_idx` ON `findings` (`vehicle_id`);--> statement-breakpoint
CREATE TABLE `photos` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`uploaded_by_user_id` text,
	`report_id` text,
	`position` integer DEFAULT 0 NOT NULL,
	`phase` text DEFAULT 'post_trip' NOT NULL,
	`storage_key` text NOT NULL,
	`thumb_key` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`stored_bytes` integer NOT NULL,
	`original_sha256` text NOT NULL,
	`original_bytes` integer NOT NULL,
	`hashed_by` text NOT NULL,
	`original_name` text,
	`captured_at` text,
	`gps_lat` real,
	`gps_lng` real,
	`dhash` text NOT NULL,
	`warnings` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `photos_report_idx` ON `photos` (`report_id`,`position`);--> statement-breakpoint
CREATE INDEX `photos_account_idx` ON `photos` (`account_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `rate_settings` (
	`account_id` text PRIMARY KEY NOT NULL,
	`state` text,
	`overrides` text DEFAULT '{}' NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `reports` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`vehicle_id` text NOT NULL,
	`created_by_user_id` text,
	`status` text NOT NULL,
	`mode` text NOT NULL,
	`failure_reason` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`rate_state` text,
	`estimate_json` text,
	`total_cents` integer,
	`low_cents` integer,
	`high_cents` integer,
	`ai_model` text,
	`share_gps` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	`analyzed_at` integer,
	`completed_at` integer,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `reports_account_idx` ON `reports` (`account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_vehicle_idx` ON `reports` (`vehicle_id`);--> statement-breakpoint
CREATE INDEX `reports_job_idx` ON `reports` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `share_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`report_id` text NOT NULL,
	`account_id` text NOT NULL,
	`created_by_user_id` text,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`last_viewed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `share_links_token_hash_unique` ON `share_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `share_links_report_idx` ON `share_links` (`report_id`);--> statement-breakpoint
CREATE TABLE `vehicles` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`nickname` text,
	`vin` text,
	`year` integer NOT NULL,
	`make` text NOT NULL,
	`model` text NOT NULL,
	`trim` text,
	`body_type` text NOT NULL,
	`price_class` text NOT NULL,
	`paint_type` text NOT NULL,
	`plate` text,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `vehicles_account_idx` ON `vehicles` (`account_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `vehicles_account_vin_idx` ON `vehicles` (`account_id`,`vin`) WHERE vin IS NOT NULL;