import { useState } from "react";
import { Form, useSubmit } from "react-router";
import { PANELS, type PanelId } from "~/domain/estimate/taxonomy";
import type { HistoryFilter } from "~/lib/estimates/fleet.server";

/** A panel's name as the page shows it (its id when the taxonomy doesn't know it). */
export function panelLabel(panel: PanelId) {
  return PANELS[panel]?.label ?? panel;
}

const SHOW_OPTIONS = [
  { value: "all", label: "All damage" },
  { value: "open", label: "Open" },
  { value: "repaired", label: "Repaired" },
] as const;

/** The damage history's filters: open or repaired, pre-existing shown or hidden, one panel. */
export function HistoryFilters({
  filter,
  counts,
  panels,
}: {
  filter: HistoryFilter;
  counts: { all: number; open: number; repaired: number; preExisting: number };
  panels: PanelId[];
}) {
  const submit = useSubmit();
  // The panel also changes from the diagram and the "All panels" link: follow the URL's value.
  const [panel, setPanel] = useState(filter.panel ?? "");
  const [urlPanel, setUrlPanel] = useState(filter.panel);
  if (urlPanel !== filter.panel) {
    setUrlPanel(filter.panel);
    setPanel(filter.panel ?? "");
  }
  return (
    <Form
      method="get"
      className="flex flex-col gap-4 lg:flex-row lg:flex-wrap lg:items-end"
      aria-label="Filter the damage history"
      // With JavaScript each change applies at once; the button is there for when it's off.
      onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
    >
      <fieldset>
        <legend className="label">Show</legend>
        <div className="flex flex-wrap gap-2">
          {SHOW_OPTIONS.map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-checked:border-brand-500 has-checked:bg-brand-50 has-checked:text-brand-900"
            >
              <input
                type="radio"
                name="show"
                value={option.value}
                defaultChecked={filter.show === option.value}
                className="accent-brand-600"
              />
              {option.label} ({counts[option.value]})
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="label">Pre-existing damage ({counts.preExisting})</legend>
        <div className="flex flex-wrap gap-2">
          {(
            [
              ["show", "Show"],
              ["hide", "Hide"],
            ] as const
          ).map(([value, text]) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-checked:border-brand-500 has-checked:bg-brand-50 has-checked:text-brand-900"
            >
              <input
                type="radio"
                name="preExisting"
                value={value}
                defaultChecked={filter.preExisting === (value === "show")}
                className="accent-brand-600"
              />
              {text}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="min-w-0 lg:w-56">
        <label htmlFor="panel-filter" className="label">
          Panel
        </label>
        <select
          id="panel-filter"
          name="panel"
          value={panel}
          onChange={(event) => setPanel(event.currentTarget.value)}
          className="input py-2"
        >
          <option value="">All panels</option>
          {panels.map((id) => (
            <option key={id} value={id}>
              {panelLabel(id)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <button type="submit" className="btn-outline py-2">
          Apply filters
        </button>
      </div>
    </Form>
  );
}
