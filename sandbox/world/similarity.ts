/** How the civil registry scores a name sent for verification against its own record. */

function editDistance(a: readonly string[], b: readonly string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** 100 for the exact name; otherwise 0–99 by edit distance, so a near miss scores high but never 100. */
export function nameSimilarity(sent: string, recorded: string): number {
  if (sent === recorded) return 100;
  const a = [...sent];
  const b = [...recorded];
  const longest = Math.max(a.length, b.length);
  if (longest === 0) return 0;
  return Math.min(99, Math.max(0, Math.round(100 * (1 - editDistance(a, b) / longest))));
}
