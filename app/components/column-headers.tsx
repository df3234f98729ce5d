import type { ReactNode } from "react";

/** One column heading: its text, and whether the column holds numbers (right-aligned). */
export type Column =
  string | { label: ReactNode; key?: string; numeric?: boolean; padding?: string };

/**
 * A table's header row: one `<th scope="col">` per column, in medium weight. Every cell but the
 * last gets `padding`, the last `lastPadding` (a column may set its own), so the tables of the
 * report, the dashboard and the tools keep their own spacing with one piece of markup.
 */
export function ColumnHeaders({
  columns,
  className,
  padding = "py-2 pr-3",
  lastPadding = "py-2",
}: {
  columns: readonly Column[];
  /** Classes of the `<tr>`. */
  className?: string;
  padding?: string;
  lastPadding?: string;
}) {
  return (
    <tr className={className}>
      {columns.map((column, index) => {
        const spec = typeof column === "string" ? { label: column } : column;
        const cellPadding = spec.padding ?? (index === columns.length - 1 ? lastPadding : padding);
        return (
          <th
            key={spec.key ?? (typeof spec.label === "string" ? spec.label : index)}
            scope="col"
            className={`${cellPadding} ${spec.numeric ? "text-right " : ""}font-medium`}
          >
            {spec.label}
          </th>
        );
      })}
    </tr>
  );
}
