CREATE TABLE `trips` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`vehicle_id` text,
	`vehicle_name` text,
	`vehicle_vin` text,
	`reservation_id` text NOT NULL,
	`guest_name` text,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`time_zone` text NOT NULL,
	`pickup_location` text,
	`return_location` text,
	`odometer_start` integer,
	`odometer_end` integer,
	`distance_miles` integer,
	`earnings_cents` integer,
	`status` text NOT NULL,
	`source` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `trips_account_reservation_idx` ON `trips` (`account_id`,`reservation_id`);--> statement-breakpoint
CREATE INDEX `trips_vehicle_idx` ON `trips` (`vehicle_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `trips_account_end_idx` ON `trips` (`account_id`,`end_at`);