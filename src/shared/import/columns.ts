// Helpers for fixed-width tables whose blank cells matter (bonnie++ -f, iozone without some tests).

export interface Token {
  text: string;
  start: number;
  end: number;
}

export function tokens(line: string, offset = 0): Token[] {
  return [...line.matchAll(/\S+/g)].map((m) => ({
    text: m[0],
    start: offset + m.index,
    end: offset + m.index + m[0].length,
  }));
}

/**
 * Assigns data tokens to header slots by their right edges (the tools right-align numbers under
 * right-aligned headings). Tokens left of the first slot are a prefix (machine name, size).
 * Returns null when a token lands under no slot: the table is not aligned and callers fall back.
 */
export function alignRight(
  slots: Token[],
  data: Token[],
  tolerance = 1,
): { prefix: string[]; cells: (string | null)[] } | null {
  if (slots.length === 0) return null;
  const cells: (string | null)[] = slots.map(() => null);
  const prefix: string[] = [];
  const firstStart = slots[0]!.start;
  for (const t of data) {
    if (t.end <= firstStart) {
      prefix.push(t.text);
      continue;
    }
    let best = -1;
    let dist = Infinity;
    slots.forEach((s, i) => {
      const d = Math.abs(s.end - t.end);
      if (d < dist) {
        dist = d;
        best = i;
      }
    });
    if (best < 0 || dist > tolerance || cells[best] !== null) return null;
    cells[best] = t.text;
  }
  return { prefix, cells };
}

/** The line containing index i of text, with its start offset. */
export function lineAt(text: string, i: number): { line: string; start: number; end: number } {
  const start = text.lastIndexOf('\n', i - 1) + 1;
  let end = text.indexOf('\n', i);
  if (end < 0) end = text.length;
  return { line: text.slice(start, end), start, end };
}
