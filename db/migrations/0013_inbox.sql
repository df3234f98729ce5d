CREATE TABLE `conversation_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`conversation_id` text NOT NULL,
	`account_id` text NOT NULL,
	`author` text NOT NULL,
	`text` text NOT NULL,
	`source` text NOT NULL,
	`inbound_email_id` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`inbound_email_id`) REFERENCES `inbound_emails`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `conversation_messages_idx` ON `conversation_messages` (`conversation_id`,`at`);--> statement-breakpoint
CREATE TABLE `conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`thread_key` text NOT NULL,
	`reservation_id` text,
	`guest_name` text,
	`trip_id` text,
	`last_message_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`trip_id`) REFERENCES `trips`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_account_thread_idx` ON `conversations` (`account_id`,`thread_key`);--> statement-breakpoint
CREATE INDEX `conversations_account_last_idx` ON `conversations` (`account_id`,`last_message_at`);--> statement-breakpoint
CREATE TABLE `inbound_emails` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`dedupe_key` text NOT NULL,
	`kind` text NOT NULL,
	`subject` text,
	`from_address` text,
	`guest_name` text,
	`reservation_id` text,
	`conversation_id` text,
	`raw` text NOT NULL,
	`received_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inbound_emails_dedupe_idx` ON `inbound_emails` (`account_id`,`dedupe_key`);--> statement-breakpoint
CREATE INDEX `inbound_emails_account_idx` ON `inbound_emails` (`account_id`,`received_at`);--> statement-breakpoint
CREATE TABLE `inbound_tokens` (
	`account_id` text PRIMARY KEY NOT NULL,
	`token` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inbound_tokens_token_unique` ON `inbound_tokens` (`token`);