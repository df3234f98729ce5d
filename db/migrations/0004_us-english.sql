-- US English in stored values: labour → labor, tyre → tire, odour → odor, aluminium → aluminum.
UPDATE `findings` SET `damage_type` = 'tire-damage' WHERE `damage_type` = 'tyre-damage';
--> statement-breakpoint
UPDATE `findings` SET `damage_type` = 'odor' WHERE `damage_type` = 'odour';
--> statement-breakpoint
UPDATE `rate_settings` SET `overrides` = replace(`overrides`, 'LabourCentsPerHour"', 'LaborCentsPerHour"');
--> statement-breakpoint
UPDATE `reports` SET `pinned_rates_json` = replace(`pinned_rates_json`, 'LabourCentsPerHour"', 'LaborCentsPerHour"')
WHERE `pinned_rates_json` IS NOT NULL;
--> statement-breakpoint
UPDATE `reports` SET `estimate_json` =
  replace(replace(replace(replace(replace(replace(`estimate_json`,
    '"labourHours"', '"laborHours"'), '"labour"', '"labor"'), '"tyre-damage"', '"tire-damage"'),
    '"odour"', '"odor"'), '"aluminiumPanels"', '"aluminumPanels"'), 'LabourCentsPerHour"', 'LaborCentsPerHour"')
WHERE `estimate_json` IS NOT NULL;
--> statement-breakpoint
UPDATE `report_revisions` SET
  `estimate_json` =
    replace(replace(replace(replace(replace(replace(`estimate_json`,
      '"labourHours"', '"laborHours"'), '"labour"', '"labor"'), '"tyre-damage"', '"tire-damage"'),
      '"odour"', '"odor"'), '"aluminiumPanels"', '"aluminumPanels"'), 'LabourCentsPerHour"', 'LaborCentsPerHour"'),
  `findings_json` = replace(replace(`findings_json`, '"tyre-damage"', '"tire-damage"'), '"odour"', '"odor"'),
  `rates_json` = replace(`rates_json`, 'LabourCentsPerHour"', 'LaborCentsPerHour"');
