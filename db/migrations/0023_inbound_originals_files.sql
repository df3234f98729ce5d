-- Originals received from now on are files in the file store (the row keeps their key, SHA-256
-- and size); those received before stay in `raw`, where they are read as before.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_inbound_emails` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`dedupe_key` text NOT NULL,
	`kind` text NOT NULL,
	`subject` text,
	`from_address` text,
	`guest_name` text,
	`reservation_id` text,
	`conversation_id` text,
	`raw` blob,
	`raw_key` text,
	`raw_sha256` text,
	`raw_bytes` integer DEFAULT 0 NOT NULL,
	`confirmation_code` text,
	`confirmation_url` text,
	`dismissed_at` integer,
	`received_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_inbound_emails`("id", "account_id", "dedupe_key", "kind", "subject", "from_address", "guest_name", "reservation_id", "conversation_id", "raw", "raw_key", "raw_sha256", "raw_bytes", "confirmation_code", "confirmation_url", "dismissed_at", "received_at") SELECT "id", "account_id", "dedupe_key", "kind", "subject", "from_address", "guest_name", "reservation_id", "conversation_id", "raw", NULL, NULL, length("raw"), "confirmation_code", "confirmation_url", "dismissed_at", "received_at" FROM `inbound_emails`;--> statement-breakpoint
DROP TABLE `inbound_emails`;--> statement-breakpoint
ALTER TABLE `__new_inbound_emails` RENAME TO `inbound_emails`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `inbound_emails_dedupe_idx` ON `inbound_emails` (`account_id`,`dedupe_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `inbound_emails_raw_key_idx` ON `inbound_emails` (`raw_key`);--> statement-breakpoint
CREATE INDEX `inbound_emails_account_idx` ON `inbound_emails` (`account_id`,`received_at`);--> statement-breakpoint
CREATE INDEX `inbound_emails_account_kind_idx` ON `inbound_emails` (`account_id`,`kind`,`received_at`,`id`);