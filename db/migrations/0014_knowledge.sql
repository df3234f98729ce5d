CREATE TABLE `knowledge_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`topic` text NOT NULL,
	`text` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`confirmed_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `knowledge_account_topic_idx` ON `knowledge_entries` (`account_id`,`topic`);--> statement-breakpoint
CREATE TABLE `knowledge_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`entry_id` integer NOT NULL,
	`version` integer NOT NULL,
	`text` text NOT NULL,
	`saved_at` integer NOT NULL,
	FOREIGN KEY (`entry_id`) REFERENCES `knowledge_entries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `conversation_messages` ADD `draft_text` text;