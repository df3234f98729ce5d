ALTER TABLE `accounts` ADD `business_name` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `logo_key` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `time_zone` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `units` text DEFAULT 'us' NOT NULL;--> statement-breakpoint
ALTER TABLE `findings` ADD `same_as_finding_id` text;--> statement-breakpoint
ALTER TABLE `findings` ADD `hail` text;--> statement-breakpoint
ALTER TABLE `findings` ADD `sensor` text;--> statement-breakpoint
ALTER TABLE `findings` ADD `paint_cracked` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `windshield_camera` integer;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `front_radar` integer;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `front_parking_sensors` integer;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `rear_parking_sensors` integer;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `blind_spot_monitors` integer;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `rear_camera` integer;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `surround_cameras` integer;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `headlamp_type` text;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `aluminum_panels` text;