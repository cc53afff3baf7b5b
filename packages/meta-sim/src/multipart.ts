/** Minimal multipart/form-data parser: enough for Graph media uploads. */

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

export function parseMultipart(body: Buffer, contentType: string): MultipartPart[] | undefined {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) return undefined;
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let start = body.indexOf(delimiter);
  if (start < 0) return undefined;
  while (start >= 0) {
    const afterDelimiter = start + delimiter.length;
    // "--" right after a delimiter closes the body.
    if (body[afterDelimiter] === 0x2d && body[afterDelimiter + 1] === 0x2d) break;
    const headerStart = afterDelimiter + 2;
    const headerEnd = body.indexOf("\r\n\r\n", headerStart);
    if (headerEnd < 0) return undefined;
    const next = body.indexOf(delimiter, headerEnd + 4);
    if (next < 0) return undefined;
    const headers = body.subarray(headerStart, headerEnd).toString("utf8");
    const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? "";
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    const partType = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim();
    if (name !== undefined) {
      parts.push({
        name,
        ...(filename !== undefined ? { filename } : {}),
        ...(partType ? { contentType: partType } : {}),
        // The part's data ends before the CRLF that precedes the next delimiter.
        data: body.subarray(headerEnd + 4, next - 2),
      });
    }
    start = next;
  }
  return parts;
}
