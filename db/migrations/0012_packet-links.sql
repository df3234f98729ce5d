CREATE TABLE `packet_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`claim_id` text NOT NULL,
	`account_id` text NOT NULL,
	`created_by_user_id` text,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`last_viewed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`claim_id`) REFERENCES `claims`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `packet_links_token_hash_unique` ON `packet_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `packet_links_claim_idx` ON `packet_links` (`claim_id`);