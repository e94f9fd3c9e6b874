/** Joins a base URL (trailing slashes ignored) and a path starting with `/`. */
export function joinUrl(base: string, path: string): string {
  let end = base.length;
  while (end > 0 && base.charCodeAt(end - 1) === 47) end--;
  return base.slice(0, end) + path;
}
