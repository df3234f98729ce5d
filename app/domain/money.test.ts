import { describe, expect, it } from "vitest";
import {
  dollarsToCents,
  formatCents,
  formatNumber,
  formatPercent,
  parseMoneyToCents,
  percentOfCents,
  roundHalfAwayFromZero,
  roundToCents,
} from "./money";

describe("rounding", () => {
  it.each([
    [2.5, 3],
    [-2.5, -3],
    [2.4999, 2],
    [-0.4, 0],
    [0, 0],
  ])("roundHalfAwayFromZero(%d) = %d", (value, expected) => {
    expect(Object.is(roundHalfAwayFromZero(value), expected)).toBe(true);
  });

  it("removes floating-point noise before rounding halves", () => {
    expect(roundToCents(100.49999999999999)).toBe(101);
    expect(dollarsToCents(1.005)).toBe(101);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(percentOfCents(91250, 75)).toBe(68438);
    expect(percentOfCents(1, 50)).toBe(1);
  });
});

describe("parseMoneyToCents", () => {
  it.each([
    ["$1,234.56", 123456],
    ["1234.5", 123450],
    ["1234", 123400],
    ["0", 0],
    [".5", 50],
    ["5.", 500],
    ["-12", -1200],
    ["-$12.00", -1200],
    ["$-12", -1200],
    ["(12.00)", -1200],
    ["($1,000)", -100000],
    [" USD 40 ", 4000],
    ["40 $", 4000],
    ["1 234", 123400],
  ])("%j → %d", (text, cents) => {
    expect(parseMoneyToCents(text)).toBe(cents);
  });

  it.each([
    "",
    " ",
    "abc",
    "12abc",
    "1,2,3",
    "1,23",
    "$",
    "--5",
    "1.2.3",
    "NaN",
    "Infinity",
    "1e5",
  ])("%j is not an amount", (text) => {
    expect(parseMoneyToCents(text)).toBeNull();
  });
});

describe("formatting", () => {
  it("formats cents as US dollars", () => {
    expect(formatCents(123456)).toBe("$1,234.56");
    expect(formatCents(-8062)).toBe("-$80.62");
    expect(formatCents(50000)).toBe("$500.00");
    expect(formatCents(50000, { trimWholeDollars: true })).toBe("$500");
    expect(formatCents(50050, { trimWholeDollars: true })).toBe("$500.50");
  });

  it("formats numbers and percents without trailing zeros", () => {
    expect(formatNumber(1234.5)).toBe("1,234.5");
    expect(formatNumber(12)).toBe("12");
    expect(formatNumber(1.23456, 2)).toBe("1.23");
    expect(formatPercent(10)).toBe("10%");
    expect(formatPercent(12.345)).toBe("12.3%");
  });
});
