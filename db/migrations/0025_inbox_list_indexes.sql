ALTER TABLE `conversations` ADD `needs_you_since` integer;--> statement-breakpoint
ALTER TABLE `conversations` ADD `awaiting_reply_since` integer;--> statement-breakpoint
ALTER TABLE `conversations` ADD `inbox_rank` integer GENERATED ALWAYS AS ((case when needs_you_since is not null then 2 when awaiting_reply_since is not null then 1 else 0 end) * 10000000000000 + last_message_at) VIRTUAL;--> statement-breakpoint
CREATE INDEX `conversations_account_rank_idx` ON `conversations` (`account_id`,`inbox_rank`,`id`);--> statement-breakpoint
CREATE INDEX `conversations_account_trip_idx` ON `conversations` (`account_id`,`trip_id`);--> statement-breakpoint
CREATE INDEX `queue_items_account_due_idx` ON `queue_items` (`account_id`,`done_at`,`deadline_at`,`id`);--> statement-breakpoint
-- Existing conversations: since when a guest's message waits for a reply (after the host's last one).
-- "Needs you" reads the messages' text; the app fills it in once at start (refreshAllInboxStates).
UPDATE `conversations` SET `awaiting_reply_since` = (SELECT min(g.`at`) FROM `conversation_messages` g WHERE g.`conversation_id` = `conversations`.`id` AND g.`author` = 'guest' AND g.`at` > coalesce((SELECT max(h.`at`) FROM `conversation_messages` h WHERE h.`conversation_id` = `conversations`.`id` AND h.`author` = 'host'), -1));
