/** A received message, decoded enough for tests. */
export interface ParsedMail {
  headers: Map<string, string>;
  subject: string;
  /** The text/html part, decoded. */
  html: string;
  /** The text/plain part, decoded. */
  text: string;
}

/** Splits header block and body; unfolds continuation lines; lower-cases names. */
function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?B?…?=` and `=?UTF-8?Q?…?=`). */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
      (_, _charset: string, enc: string, text: string) =>
        enc.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** Decodes a quoted-printable body (soft line breaks and `=XX` bytes, as UTF-8). */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** Collects the text and HTML leaves of a (possibly multipart) entity. */
function collect(raw: string, into: { html: string; text: string }): void {
  const { headers, body } = splitHeaders(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      collect(part.replace(/^\r?\n/, ''), into);
    }
    return;
  }
  const decoded = decodeBody(headers, body);
  if (/^text\/html/i.test(type)) into.html += decoded;
  else if (/^text\/plain/i.test(type)) into.text += decoded;
}

/** Parses a raw RFC 822 message as received over SMTP. */
export function parseMail(raw: string): ParsedMail {
  const { headers } = splitHeaders(raw);
  const parts = { html: '', text: '' };
  collect(raw, parts);
  return { headers, subject: decodeWords(headers.get('subject') ?? ''), ...parts };
}
