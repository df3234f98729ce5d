/**
 * `npm run bench:estimate-accuracy`: how close the estimate engine comes to published repair
 * prices, over the accuracy suite in app/domain/estimate/scenarios.ts. For every scenario it
 * prints what is measured (the total, or some lines), the estimate's low–high applied to it, the
 * published range with its source, and whether the amount falls inside the range and the low–high
 * overlaps it (within the scenario's tolerance); then the share inside and the five worst by
 * ratio (how far outside, ≥ 1; ties broken by the distance from the range's middle).
 *
 * Then the bias: median and mean of log(estimate midpoint ÷ published midpoint) over every
 * scenario, the median distance either way, and the share of estimates under and over.
 *
 * Prints numbers and asserts nothing (scenarios.test.ts fails on a drift); `--json` prints one
 * line of JSON instead. Run with `node --import tsx scripts/bench-estimate-accuracy.ts`.
 */
import {
  ACCURACY_SCENARIOS,
  biasSummary,
  evaluateScenario,
  sourceText,
  type ScenarioResult,
} from "../app/domain/estimate/scenarios";

const json = process.argv.includes("--json");
const started = performance.now();
const results = ACCURACY_SCENARIOS.map(evaluateScenario);
const elapsedMs = performance.now() - started;

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString("en-US", { maximumFractionDigits: 0 })}`;

/** Distance of the measured amount from the middle of the range, as a factor (≥ 1). */
function offMiddle(result: ScenarioResult): number {
  const middle = (result.publishedLowCents + result.publishedHighCents) / 2;
  if (middle === 0 || result.measuredCents === 0) return Number.POSITIVE_INFINITY;
  const factor = result.measuredCents / middle;
  return factor >= 1 ? factor : 1 / factor;
}

const worst = [...results]
  .sort((a, b) => b.ratio - a.ratio || offMiddle(b) - offMiddle(a))
  .slice(0, 5);
const inside = results.filter((result) => result.inside).length;
const overlapping = results.filter((result) => result.overlaps).length;
const withinTolerance = results.filter((result) => result.withinTolerance).length;
const bias = biasSummary(results);
const round3 = (value: number) => Number(value.toFixed(3));

if (json) {
  console.log(
    JSON.stringify({
      scenarios: results.length,
      inside,
      insideShare: inside / results.length,
      overlapping,
      withinTolerance,
      bias: {
        medianLogRatio: round3(bias.medianLogRatio),
        meanLogRatio: round3(bias.meanLogRatio),
        medianAbsLogRatio: round3(bias.medianAbsLogRatio),
        underShare: round3(bias.underShare),
        overShare: round3(bias.overShare),
      },
      worst: worst.map((result) => ({
        id: result.scenario.id,
        ratio: Number(result.ratio.toFixed(3)),
        offMiddle: Number(offMiddle(result).toFixed(3)),
      })),
      elapsedMs: Math.round(elapsedMs),
    }),
  );
} else {
  const rows = results.map((result) => [
    result.scenario.id,
    dollars(result.measuredCents),
    `${dollars(result.measuredLowCents)}–${dollars(result.measuredHighCents)}`,
    `${dollars(result.publishedLowCents)}–${dollars(result.publishedHighCents)}`,
    result.inside ? "inside" : result.withinTolerance ? "within tol." : "OUTSIDE",
    result.overlaps ? "yes" : "NO",
    result.ratio.toFixed(2),
  ]);
  const header = [
    "scenario",
    "measured",
    "estimate low–high",
    "published",
    "amount",
    "overlap",
    "ratio",
  ];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join("  ");
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log("");
  console.log(
    `${inside}/${results.length} inside their published range (${((inside / results.length) * 100).toFixed(1)} %); ${withinTolerance} within tolerance; ${overlapping} with a low–high that overlaps it. ${Math.round(elapsedMs)} ms.`,
  );
  console.log(
    `Bias, log(estimate midpoint ÷ published midpoint) over ${bias.scenarios} scenarios: median ${bias.medianLogRatio.toFixed(3)}, mean ${bias.meanLogRatio.toFixed(3)}, median |log ratio| ${bias.medianAbsLogRatio.toFixed(3)}; ${(bias.underShare * 100).toFixed(1)} % under, ${(bias.overShare * 100).toFixed(1)} % over.`,
  );
  console.log("");
  console.log("Worst five by ratio (then by distance from the range's middle):");
  for (const result of worst) {
    console.log(
      `  ${result.scenario.id}: ${dollars(result.measuredCents)} vs ${dollars(result.publishedLowCents)}–${dollars(result.publishedHighCents)}, ratio ${result.ratio.toFixed(2)}, ${offMiddle(result).toFixed(2)}× off the middle — ${result.scenario.published.what}; ${sourceText(result.scenario)}`,
    );
  }
}
