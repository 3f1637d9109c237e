/** A run of words both texts share, or that only the newer (added) or the older (removed) one has. */
export interface WordDiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

// Past this many word pairs the middle is shown as replaced whole: a longest-common-subsequence table
// grows with the product of both lengths, and an owner comparing two rewrites needs no finer answer.
const MOST_CELLS = 4_000_000;

/** The words of a text, tags of stored HTML and entities read as what they show. */
export function wordsOf(text: string): string[] {
  const plain = text
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/div)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
  return plain.split(/\s+/).filter(Boolean);
}

function push(parts: WordDiffPart[], kind: WordDiffPart['kind'], words: readonly string[]): void {
  if (words.length === 0) return;
  const last = parts.at(-1);
  if (last?.kind === kind) last.text += ` ${words.join(' ')}`;
  else parts.push({ kind, text: words.join(' ') });
}

/** What changed from `older` to `newer`, word by word, in reading order. */
export function diffWords(older: string, newer: string): WordDiffPart[] {
  const a = wordsOf(older);
  const b = wordsOf(newer);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const parts: WordDiffPart[] = [];
  push(parts, 'same', a.slice(0, start));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > MOST_CELLS) {
    push(parts, 'removed', midA);
    push(parts, 'added', midB);
  } else {
    // lengths[i][j]: the longest common run of midA[i..] and midB[j..].
    const width = midB.length + 1;
    const lengths = new Uint32Array((midA.length + 1) * width);
    for (let i = midA.length - 1; i >= 0; i--)
      for (let j = midB.length - 1; j >= 0; j--)
        lengths[i * width + j] =
          midA[i] === midB[j]
            ? lengths[(i + 1) * width + j + 1]! + 1
            : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    let i = 0;
    let j = 0;
    while (i < midA.length || j < midB.length) {
      if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
        push(parts, 'same', [midA[i]!]);
        i++;
        j++;
      } else if (
        i < midA.length &&
        (j === midB.length || lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!)
      ) {
        // Where both ways keep as much in common, the words taken out come before those put in.
        push(parts, 'removed', [midA[i]!]);
        i++;
      } else {
        push(parts, 'added', [midB[j]!]);
        j++;
      }
    }
  }
  push(parts, 'same', a.slice(endA));
  return parts;
}
