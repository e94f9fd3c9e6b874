/**
 * Whether JSON text nests arrays and objects deeper than `limit` levels. Strings are skipped
 * whole (a search for their closing quote), so the cost lies in the structure, not in the text
 * (prompts, inline images). Text that is not JSON is not judged here: the parser refuses it.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  // Each level takes an opening and a closing bracket.
  if (text.length < 2 * (limit + 1)) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      let end = text.indexOf('"', i + 1);
      while (end !== -1 && isEscaped(text, end)) end = text.indexOf('"', end + 1);
      if (end === -1) return false;
      i = end;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** Whether the quote at `at` is escaped (an odd number of backslashes before it). */
function isEscaped(text: string, at: number): boolean {
  let slashes = 0;
  while (text.charCodeAt(at - 1 - slashes) === 0x5c) slashes++;
  return slashes % 2 === 1;
}
