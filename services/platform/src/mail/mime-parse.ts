/**
 * A small, dependency-free reader for the RFC 822 / MIME messages our mailers produce (mailparser is not a
 * dependency). Enough for the dev mailbox and tests: unfolded headers, RFC 2047 encoded words (B and Q,
 * any charset TextDecoder knows), nested multiparts, quoted-printable / base64 / 7bit / 8bit bodies.
 * It returns the first text/plain and text/html parts that are not attachments. Not a general parser:
 * no RFC 2231 parameter continuations, no attachments, no S/MIME.
 */

export interface ParsedMail {
  /** header name (lower case) → decoded value; the last occurrence wins */
  headers: Record<string, string>;
  from: string;
  to: string;
  subject: string;
  date: string;
  messageId: string;
  text: string | null;
  html: string | null;
}

/** Parses a whole message. Pass the raw bytes (or a latin1/ASCII string of them). */
export function parseMail(raw: Buffer | string): ParsedMail {
  const binary =
    typeof raw === 'string' ? Buffer.from(raw, 'utf8').toString('latin1') : raw.toString('latin1');
  const root = parseEntity(binary);
  const parts = { text: null as string | null, html: null as string | null };
  collectBodies(root, parts);
  const h = root.headers;
  return {
    headers: Object.fromEntries(Object.entries(h).map(([name, value]) => [name, decodeWords(value)])),
    from: decodeWords(h['from'] ?? ''),
    to: decodeWords(h['to'] ?? ''),
    subject: decodeWords(h['subject'] ?? ''),
    date: h['date'] ?? '',
    messageId: h['message-id'] ?? '',
    ...parts,
  };
}

/** Only the decoded headers, without touching bodies (cheap, for indexes). */
export function parseHeaders(raw: Buffer | string): Record<string, string> {
  const binary =
    typeof raw === 'string' ? Buffer.from(raw, 'utf8').toString('latin1') : raw.toString('latin1');
  const { headers } = parseEntity(binary);
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, decodeWords(value)]));
}

interface Entity {
  /** raw (still encoded) header values, names lower-cased */
  headers: Record<string, string>;
  /** the body as a latin1 string: one char per byte */
  body: string;
}

function parseEntity(binary: string): Entity {
  const match = /\r?\n\r?\n/.exec(binary);
  const head = match ? binary.slice(0, match.index) : binary;
  const body = match ? binary.slice(match.index + match[0].length) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function collectBodies(entity: Entity, found: { text: string | null; html: string | null }): void {
  const { type, params } = parseContentType(entity.headers['content-type']);
  if (type.startsWith('multipart/')) {
    const boundary = params['boundary'];
    if (!boundary) return;
    for (const part of splitMultipart(entity.body, boundary)) collectBodies(parseEntity(part), found);
    return;
  }
  if (/^\s*attachment/i.test(entity.headers['content-disposition'] ?? '')) return;
  if (type !== 'text/plain' && type !== 'text/html') return;
  const bytes = decodeTransfer(entity.body, entity.headers['content-transfer-encoding'] ?? '7bit');
  const text = decodeCharset(bytes, params['charset'] ?? 'us-ascii');
  if (type === 'text/plain' && found.text === null) found.text = text;
  if (type === 'text/html' && found.html === null) found.html = text;
}

function parseContentType(value: string | undefined): { type: string; params: Record<string, string> } {
  const [type = 'text/plain', ...rest] = (value ?? 'text/plain').split(';');
  const params: Record<string, string> = {};
  for (const param of rest) {
    const eq = param.indexOf('=');
    if (eq < 0) continue;
    params[param.slice(0, eq).trim().toLowerCase()] = param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
  }
  return { type: type.trim().toLowerCase(), params };
}

function splitMultipart(body: string, boundary: string): string[] {
  const delimiter = `--${boundary}`;
  const lines = body.split(/\r?\n/);
  const parts: string[] = [];
  let current: string[] | null = null;
  for (const line of lines) {
    if (line.startsWith(delimiter)) {
      if (current) parts.push(current.join('\r\n'));
      if (line.slice(delimiter.length).startsWith('--')) return parts;
      current = [];
    } else if (current) {
      current.push(line);
    }
  }
  if (current) parts.push(current.join('\r\n'));
  return parts;
}

function decodeTransfer(body: string, encoding: string): Buffer {
  switch (encoding.trim().toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return Buffer.from(body, 'latin1');
  }
}

function decodeQuotedPrintable(body: string): Buffer {
  // Trailing whitespace of a line was added in transport (RFC 2045 §6.7 rule 3); whitespace before a soft
  // line break `=` is content. So drop the former first, then join soft breaks.
  const unfolded = body.replace(/[ \t]+(\r?\n|$)/g, '$1').replace(/=\r?\n/g, '');
  return Buffer.from(
    unfolded.replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
}

function decodeCharset(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.toLowerCase()).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;

/**
 * Decodes RFC 2047 encoded words. Adjacent words (only whitespace between them) are joined before
 * decoding, so a multi-byte character split across two words still decodes.
 */
export function decodeWords(value: string): string {
  type Encoded = { charset: string; bytes: Buffer };
  const tokens: Array<Encoded | string> = [];
  let last = 0;
  for (const match of value.matchAll(ENCODED_WORD)) {
    const between = value.slice(last, match.index);
    const previous = tokens.at(-1);
    const adjacent = typeof previous === 'object' && /^\s*$/.test(between);
    if (!adjacent && between) tokens.push(between);
    const [, charset = 'utf-8', kind = 'Q', data = ''] = match;
    const bytes =
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          );
    if (adjacent && previous.charset.toLowerCase() === charset.toLowerCase())
      previous.bytes = Buffer.concat([previous.bytes, bytes]);
    else tokens.push({ charset, bytes });
    last = match.index + match[0].length;
  }
  if (last < value.length) tokens.push(value.slice(last));
  // Unencoded text is still one char per byte here; raw 8-bit headers are taken as UTF-8 (RFC 6532).
  return tokens
    .map((token) =>
      typeof token === 'string'
        ? Buffer.from(token, 'latin1').toString('utf8')
        : decodeCharset(token.bytes, token.charset),
    )
    .join('');
}
