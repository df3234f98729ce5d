ALTER TABLE `conversation_messages` ADD `resolved_at` integer;--> statement-breakpoint
ALTER TABLE `conversation_messages` ADD `resolved_by_user_id` text REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `drafts` ADD `held` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `drafts` ADD `missing` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
-- Until now any reply closed every question before it: those stay dealt with.
UPDATE `conversation_messages` SET `resolved_at` = (
  SELECT min(h.`at`) FROM `conversation_messages` h
  WHERE h.`conversation_id` = `conversation_messages`.`conversation_id`
    AND h.`author` = 'host' AND h.`at` >= `conversation_messages`.`at`
) WHERE `author` = 'guest';
--> statement-breakpoint
-- Claim deadlines are emailed by the claim reminders only ("Remind me"); the queue lists them.
UPDATE `queue_items` SET `notified_at` = `created_at` WHERE `kind` = 'claim-deadline' AND `notified_at` IS NULL;
