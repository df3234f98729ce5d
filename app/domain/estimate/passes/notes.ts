/** The estimate's cost raisers and assumptions, each written once, in the order they come up. */
export interface Notes {
  costRaisers: string[];
  assumptions: string[];
  raise: (text: string) => void;
  assume: (text: string) => void;
}

/** Notes that start with the caller's own assumptions. */
export function collectNotes(assumptions: readonly string[] = []): Notes {
  const notes: Notes = {
    costRaisers: [],
    assumptions: [...assumptions],
    raise: (text) => {
      if (!notes.costRaisers.includes(text)) notes.costRaisers.push(text);
    },
    assume: (text) => {
      if (!notes.assumptions.includes(text)) notes.assumptions.push(text);
    },
  };
  return notes;
}
