/**
 * A draft's changes to a text put together with the others' changes since the text was saved: a
 * three-way merge of the document's top-level blocks (paragraphs, headings, lists, components).
 * Blocks only one side changed take that side's version; where both changed the same blocks
 * differently, both versions stay, theirs first, so that nothing either side wrote is lost.
 */
import type { Node } from 'prosemirror-model';

/** The merged document; null when its blocks do not make a document of the schema. */
export function mergeDraft(saved: Node, draft: Node, theirs: Node): Node | null {
  const base = blocksOf(saved);
  const ours = hunksOf(base, blocksOf(draft));
  const their = hunksOf(base, blocksOf(theirs));
  const merged: Node[] = [];
  let at = 0;
  for (const group of groups([...ours, ...their])) {
    merged.push(...base.slice(at, group.start));
    const mine = ours.filter((hunk) => group.hunks.includes(hunk));
    const others = their.filter((hunk) => group.hunks.includes(hunk));
    const [oursThere, theirsThere] = [applied(base, mine, group), applied(base, others, group)];
    if (mine.length === 0 || sameBlocks(oursThere, theirsThere)) merged.push(...theirsThere);
    else if (others.length === 0) merged.push(...oursThere);
    else merged.push(...theirsThere, ...oursThere);
    at = group.end;
  }
  merged.push(...base.slice(at));
  try {
    return saved.type.createChecked(saved.attrs, merged, saved.marks);
  } catch {
    return null;
  }
}

/** Blocks `start..end` of the saved text replaced by `blocks` (an insertion where they are equal). */
type Hunk = { start: number; end: number; blocks: readonly Node[] };

function blocksOf(doc: Node): Node[] {
  const blocks: Node[] = [];
  doc.forEach((block) => void blocks.push(block));
  return blocks;
}

const sameBlocks = (a: readonly Node[], b: readonly Node[]) => a.length === b.length && a.every((block, i) => block.eq(b[i]!));

/** What `other` changed of `base`, as hunks in order. */
function hunksOf(base: readonly Node[], other: readonly Node[]): Hunk[] {
  const hunks: Hunk[] = [];
  let [b, o] = [0, 0];
  for (const [i, j] of [...matched(base, other), [base.length, other.length] as const]) {
    if (i > b || j > o) hunks.push({ start: b, end: i, blocks: other.slice(o, j) });
    [b, o] = [i + 1, j + 1];
  }
  return hunks;
}

/** Whether two hunks touch the same blocks, or insert at the same place. */
function overlap(a: Hunk, b: Hunk): boolean {
  const at = (point: number, hunk: Hunk) => hunk.start < point && point < hunk.end;
  if (a.start === a.end) return (b.start === b.end && b.start === a.start) || at(a.start, b);
  if (b.start === b.end) return at(b.start, a);
  return a.start < b.end && b.start < a.end;
}

/** The hunks of both sides in order, gathered where they overlap. */
function groups(hunks: readonly Hunk[]): { start: number; end: number; hunks: Hunk[] }[] {
  const sorted = [...hunks].sort((a, b) => a.start - b.start || a.end - b.end);
  const gathered: { start: number; end: number; hunks: Hunk[] }[] = [];
  for (const hunk of sorted) {
    const last = gathered.at(-1);
    if (last !== undefined && last.hunks.some((other) => overlap(other, hunk))) {
      last.hunks.push(hunk);
      last.end = Math.max(last.end, hunk.end);
    } else {
      gathered.push({ start: hunk.start, end: hunk.end, hunks: [hunk] });
    }
  }
  return gathered;
}

/** Blocks `start..end` of `base` with one side's `hunks` there applied. */
function applied(base: readonly Node[], hunks: readonly Hunk[], { start, end }: { start: number; end: number }): Node[] {
  const out: Node[] = [];
  let at = start;
  for (const hunk of hunks) {
    out.push(...base.slice(at, hunk.start), ...hunk.blocks);
    at = hunk.end;
  }
  out.push(...base.slice(at, end));
  return out;
}

/** The blocks of `base` that `other` kept, each with its index there (a longest common subsequence). */
function matched(base: readonly Node[], other: readonly Node[]): Map<number, number> {
  const [n, m] = [base.length, other.length];
  // lengths[i][j]: the longest common subsequence of base[i..] and other[j..].
  const lengths = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i]![j] = base[i]!.eq(other[j]!) ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const pairs = new Map<number, number>();
  let [i, j] = [0, 0];
  while (i < n && j < m) {
    if (base[i]!.eq(other[j]!)) pairs.set(i++, j++);
    else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}
