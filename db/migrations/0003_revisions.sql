CREATE TABLE `report_revisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`report_id` text NOT NULL,
	`account_id` text NOT NULL,
	`number` integer NOT NULL,
	`estimate_json` text NOT NULL,
	`findings_json` text NOT NULL,
	`rates_json` text NOT NULL,
	`total_cents` integer NOT NULL,
	`low_cents` integer NOT NULL,
	`high_cents` integer NOT NULL,
	`finalized_by_user_id` text,
	`finalized_at` integer NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`finalized_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `report_revisions_number_idx` ON `report_revisions` (`report_id`,`number`);--> statement-breakpoint
ALTER TABLE `reports` ADD `revision` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `reports` ADD `pinned_rates_json` text;--> statement-breakpoint
ALTER TABLE `share_links` ADD `revision` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Reports finalized before revisions existed become revision 1, frozen as they are now, priced
-- with the rate inputs they were priced with (the report's state, else the account's).
INSERT INTO `report_revisions` (`report_id`, `account_id`, `number`, `estimate_json`, `findings_json`, `rates_json`, `total_cents`, `low_cents`, `high_cents`, `finalized_at`)
SELECT r.`id`, r.`account_id`, 1, r.`estimate_json`,
  (SELECT json_group_array(json_object(
      'id', f.`id`, 'reportId', f.`report_id`, 'accountId', f.`account_id`, 'vehicleId', f.`vehicle_id`,
      'position', f.`position`, 'panel', f.`panel`, 'damageType', f.`damage_type`, 'severity', f.`severity`,
      'sizeCm', f.`size_cm`, 'confidence', f.`confidence`, 'photoId', f.`photo_id`, 'box', f.`box`,
      'note', f.`note`, 'source', f.`source`,
      'preExisting', json(CASE WHEN f.`pre_existing` THEN 'true' ELSE 'false' END),
      'repairedAt', CASE WHEN f.`repaired_at` IS NULL THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', f.`repaired_at` / 1000.0, 'unixepoch') END,
      'createdAt', strftime('%Y-%m-%dT%H:%M:%fZ', f.`created_at` / 1000.0, 'unixepoch')
    ) ORDER BY f.`position`, f.`created_at`)
   FROM `findings` f WHERE f.`report_id` = r.`id`),
  json_object('state', coalesce(r.`rate_state`, s.`state`), 'overrides', json(coalesce(s.`overrides`, '{}'))),
  coalesce(r.`total_cents`, 0), coalesce(r.`low_cents`, 0), coalesce(r.`high_cents`, 0),
  coalesce(r.`completed_at`, r.`updated_at`)
FROM `reports` r LEFT JOIN `rate_settings` s ON s.`account_id` = r.`account_id`
WHERE r.`status` = 'complete' AND r.`estimate_json` IS NOT NULL;
--> statement-breakpoint
UPDATE `reports` SET `pinned_rates_json` = (
  SELECT v.`rates_json` FROM `report_revisions` v WHERE v.`report_id` = `reports`.`id` AND v.`number` = 1
) WHERE `status` = 'complete';
