CREATE TABLE `activity_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`user_id` text,
	`role` text NOT NULL,
	`action` text NOT NULL,
	`queue_item_id` text,
	`conversation_id` text,
	`detail` text,
	`amount_cents` integer,
	`at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `activity_log_account_idx` ON `activity_log` (`account_id`,`at`);--> statement-breakpoint
CREATE INDEX `activity_log_user_idx` ON `activity_log` (`user_id`,`at`);--> statement-breakpoint
CREATE TABLE `drafts` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`conversation_id` text NOT NULL,
	`purpose` text NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`text` text NOT NULL,
	`used_knowledge` text DEFAULT '[]' NOT NULL,
	`stale_knowledge` text DEFAULT '[]' NOT NULL,
	`problems` text DEFAULT '[]' NOT NULL,
	`answers_message_id` integer,
	`sent_at` integer,
	`sent_by_user_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sent_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `drafts_conversation_idx` ON `drafts` (`conversation_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `queue_items` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`title` text NOT NULL,
	`detail` text,
	`conversation_id` text,
	`trip_id` text,
	`claim_id` text,
	`draft_id` text,
	`amount_cents` integer,
	`ready_at` integer NOT NULL,
	`deadline_at` integer NOT NULL,
	`notified_at` integer,
	`for_owner` integer DEFAULT false NOT NULL,
	`taken_by_user_id` text,
	`taken_at` integer,
	`done_by_user_id` text,
	`done_at` integer,
	`reopen_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`trip_id`) REFERENCES `trips`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`claim_id`) REFERENCES `claims`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`draft_id`) REFERENCES `drafts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`taken_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`done_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `queue_items_key_idx` ON `queue_items` (`account_id`,`key`);--> statement-breakpoint
CREATE INDEX `queue_items_open_idx` ON `queue_items` (`done_at`,`ready_at`);--> statement-breakpoint
CREATE TABLE `shifts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	`handover_note` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shifts_user_idx` ON `shifts` (`user_id`,`started_at`);--> statement-breakpoint
CREATE TABLE `va_permissions` (
	`account_id` text NOT NULL,
	`user_id` text NOT NULL,
	`reimbursement_limit_cents` integer DEFAULT 0 NOT NULL,
	`send_replies` integer DEFAULT true NOT NULL,
	`trip_changes` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `va_permissions_idx` ON `va_permissions` (`account_id`,`user_id`);--> statement-breakpoint
DROP INDEX `knowledge_account_topic_idx`;--> statement-breakpoint
ALTER TABLE `knowledge_entries` ADD `vehicle_id` text REFERENCES vehicles(id) ON DELETE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX `knowledge_scope_topic_idx` ON `knowledge_entries` (`account_id`,coalesce(`vehicle_id`, ''),`topic`);--> statement-breakpoint
ALTER TABLE `accounts` ADD `holding_reply` text;