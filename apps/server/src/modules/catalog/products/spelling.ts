/**
 * Typo tolerance for search: query words that match no title word (not even as a prefix) are widened with the
 * title words a small edit away ("samsnug" → samsung, "jeens" → jeans). Trigram similarity alone misses these
 * on short words, where one wrong letter changes half the trigrams.
 */

/** Optimal string alignment distance (Levenshtein plus adjacent swaps), giving up above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (i > 0 && rowMin > max) return max + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

const allowedEdits = (word: string) => (word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0);

/** Title words close to `word` (best first, at most 3), or [] when the word is known or too short to guess. */
export function corrections(word: string, vocabulary: readonly string[]): string[] {
  const max = allowedEdits(word);
  if (!max || vocabulary.some((v) => v.startsWith(word))) return [];
  return vocabulary
    .map((v) => ({ v, d: editDistance(word, v, max) }))
    .filter((x) => x.d <= max)
    .sort((x, y) => x.d - y.d || x.v.localeCompare(y.v))
    .slice(0, 3)
    .map((x) => x.v);
}
