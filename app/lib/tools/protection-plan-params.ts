/**
 * The query-string names of the "Check Guest's Protection Plan" form's fields: a module of their
 * own so the form can name its inputs without the parser (which runs on the server).
 */
export const PP_PARAMS = {
  guest: "guest",
  host: "host",
  estimate: "estimate",
  acv: "acv",
  lostIncome: "lostIncome",
  hours: "hours",
  earnings: "earnings60",
  interior: "interior",
  mechanical: "mechanical",
  replacement: "replacement",
} as const;
