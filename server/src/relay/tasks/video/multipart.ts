/**
 * Just enough of `multipart/form-data` for `POST /v1/videos`: read the text fields of a raw
 * body, and replace (or add) one text field while every other byte, files included, is kept.
 */

/** One part of a multipart body: its field name, file name, and where its content lies. */
export interface MultipartPart {
  name: string;
  /** Present on file parts. */
  filename?: string;
  /** Byte offsets of the content in the raw body (end excluded). */
  start: number;
  end: number;
}

/** A parsed multipart body. */
export interface Multipart {
  raw: Buffer;
  boundary: string;
  parts: MultipartPart[];
  /** Offset of the closing delimiter (`--boundary--`). */
  closing: number;
}

/** The boundary of a `multipart/form-data` content type, or null. */
export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return null;
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

function dispositionOf(headers: string): { name: string; filename?: string } | null {
  const line = headers.split('\r\n').find((l) => /^content-disposition:/i.test(l));
  if (!line) return null;
  const name = /;\s*name="([^"]*)"/i.exec(line)?.[1];
  if (name === undefined) return null;
  const filename = /;\s*filename="([^"]*)"/i.exec(line)?.[1];
  return filename === undefined ? { name } : { name, filename };
}

/**
 * Splits a raw body by its boundary. Null when it is not a well-formed multipart body (no
 * opening or closing delimiter, a part without headers or a name): callers then fall back.
 */
export function parseMultipart(raw: Buffer, boundary: string): Multipart | null {
  const delimiter = Buffer.from(`--${boundary}`);
  const next = Buffer.from(`\r\n--${boundary}`);
  let at = raw.indexOf(delimiter);
  if (at !== 0 && (at < 2 || raw[at - 2] !== 13 || raw[at - 1] !== 10)) return null;
  const parts: MultipartPart[] = [];
  for (;;) {
    const after = at + delimiter.length;
    if (raw[after] === 45 && raw[after + 1] === 45) return { raw, boundary, parts, closing: at };
    if (raw[after] !== 13 || raw[after + 1] !== 10) return null;
    const headersEnd = raw.indexOf('\r\n\r\n', after + 2);
    if (headersEnd < 0) return null;
    const disposition = dispositionOf(raw.toString('latin1', after + 2, headersEnd));
    if (!disposition) return null;
    const start = headersEnd + 4;
    const end = raw.indexOf(next, start);
    if (end < 0) return null;
    parts.push({ ...disposition, start, end });
    at = end + 2;
  }
}

/** The text fields of a parsed body (file parts are left out); the first value of a name wins. */
export function textFields(body: Multipart): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const part of body.parts) {
    if (part.filename !== undefined || part.name in fields) continue;
    fields[part.name] = body.raw.toString('utf8', part.start, part.end);
  }
  return fields;
}

/**
 * The body with text field `name` set to `value`: its content replaced when it appears once as
 * a text field, added before the closing delimiter when absent. Null when that is not safe (the
 * field appears more than once, is a file, or the value would contain the boundary).
 */
export function withField(body: Multipart, name: string, value: string): Buffer | null {
  const matches = body.parts.filter((p) => p.name === name);
  if (matches.length > 1 || value.includes(body.boundary) || /[\r\n"]/.test(name)) return null;
  const part = matches[0];
  if (part) {
    if (part.filename !== undefined) return null;
    return Buffer.concat([
      body.raw.subarray(0, part.start),
      Buffer.from(value, 'utf8'),
      body.raw.subarray(part.end),
    ]);
  }
  const added = `--${body.boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return Buffer.concat([
    body.raw.subarray(0, body.closing),
    Buffer.from(added, 'utf8'),
    body.raw.subarray(body.closing),
  ]);
}
