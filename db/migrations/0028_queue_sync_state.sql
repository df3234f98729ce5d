CREATE TABLE `queue_sync_state` (
	`account_id` text PRIMARY KEY NOT NULL,
	`source_version` integer DEFAULT 0 NOT NULL,
	`synced_version` integer,
	`synced_at` integer,
	`next_edge_at` integer,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TRIGGER `trips_queue_sync_insert` AFTER INSERT ON `trips` BEGIN
	UPDATE `queue_sync_state` SET `source_version` = `source_version` + 1 WHERE `account_id` = NEW.`account_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `trips_queue_sync_update` AFTER UPDATE ON `trips` BEGIN
	UPDATE `queue_sync_state` SET `source_version` = `source_version` + 1 WHERE `account_id` = NEW.`account_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `trips_queue_sync_delete` AFTER DELETE ON `trips` BEGIN
	UPDATE `queue_sync_state` SET `source_version` = `source_version` + 1 WHERE `account_id` = OLD.`account_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `claims_queue_sync_insert` AFTER INSERT ON `claims` BEGIN
	UPDATE `queue_sync_state` SET `source_version` = `source_version` + 1 WHERE `account_id` = NEW.`account_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `claims_queue_sync_update` AFTER UPDATE ON `claims` BEGIN
	UPDATE `queue_sync_state` SET `source_version` = `source_version` + 1 WHERE `account_id` = NEW.`account_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `claims_queue_sync_delete` AFTER DELETE ON `claims` BEGIN
	UPDATE `queue_sync_state` SET `source_version` = `source_version` + 1 WHERE `account_id` = OLD.`account_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `vehicles_queue_sync_insert` AFTER INSERT ON `vehicles` BEGIN
	UPDATE `queue_sync_state` SET `source_version` = `source_version` + 1 WHERE `account_id` = NEW.`account_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `vehicles_queue_sync_update` AFTER UPDATE ON `vehicles` BEGIN
	UPDATE `queue_sync_state` SET `source_version` = `source_version` + 1 WHERE `account_id` = NEW.`account_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `vehicles_queue_sync_delete` AFTER DELETE ON `vehicles` BEGIN
	UPDATE `queue_sync_state` SET `source_version` = `source_version` + 1 WHERE `account_id` = OLD.`account_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `conversations_queue_sync_insert` AFTER INSERT ON `conversations` BEGIN
	UPDATE `queue_sync_state` SET `source_version` = `source_version` + 1 WHERE `account_id` = NEW.`account_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `conversations_queue_sync_update` AFTER UPDATE ON `conversations` BEGIN
	UPDATE `queue_sync_state` SET `source_version` = `source_version` + 1 WHERE `account_id` = NEW.`account_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `conversations_queue_sync_delete` AFTER DELETE ON `conversations` BEGIN
	UPDATE `queue_sync_state` SET `source_version` = `source_version` + 1 WHERE `account_id` = OLD.`account_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_messages_queue_sync_insert` AFTER INSERT ON `conversation_messages` BEGIN
	UPDATE `queue_sync_state` SET `source_version` = `source_version` + 1 WHERE `account_id` = NEW.`account_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_messages_queue_sync_update` AFTER UPDATE ON `conversation_messages` BEGIN
	UPDATE `queue_sync_state` SET `source_version` = `source_version` + 1 WHERE `account_id` = NEW.`account_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_messages_queue_sync_delete` AFTER DELETE ON `conversation_messages` BEGIN
	UPDATE `queue_sync_state` SET `source_version` = `source_version` + 1 WHERE `account_id` = OLD.`account_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `queue_items_queue_sync_reopen` AFTER UPDATE OF `done_at` ON `queue_items`
	WHEN NEW.`done_at` IS NULL AND OLD.`done_at` IS NOT NULL BEGIN
	UPDATE `queue_sync_state` SET `source_version` = `source_version` + 1 WHERE `account_id` = NEW.`account_id`;
END;
