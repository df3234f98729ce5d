ALTER TABLE `reports` ADD `trip_id` text REFERENCES trips(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `reports` ADD `trip_matched_by` text;--> statement-breakpoint
CREATE INDEX `reports_trip_idx` ON `reports` (`trip_id`);