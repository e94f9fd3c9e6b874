/**
 * Reads one text field of a multipart/form-data body without parsing the rest: the body is
 * passed to the upstream byte for byte, and only `model` is needed here. Returns '' when the
 * field is absent or the body is not multipart.
 */
export function multipartField(body: Buffer, contentType: string, name: string): string {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) return '';
  const delimiter = Buffer.from(`--${boundary}`);
  const wanted = new RegExp(`name="${name.replace(/[^\w-]/g, '')}"(;|\\r|$)`, 'i');
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const headersStart = at + delimiter.length + 2;
    const headersEnd = body.indexOf('\r\n\r\n', headersStart);
    if (headersEnd === -1) return '';
    const headers = body.toString('latin1', headersStart, headersEnd);
    const next = body.indexOf(delimiter, headersEnd + 4);
    if (next === -1) return '';
    const disposition = headers.split('\r\n').find((l) => /^content-disposition:/i.test(l)) ?? '';
    if (wanted.test(disposition) && !/filename=/i.test(disposition)) {
      // The value ends with the CRLF that precedes the next delimiter.
      return body.toString('utf8', headersEnd + 4, next - 2).trim();
    }
    at = next;
  }
  return '';
}
