/**
 * WhatsApp's text formatting, parsed into a tree the bubble renders as React
 * elements (never as HTML): `*bold*`, `_italic_`, `~strike~`, ```monospace```
 * (may span lines), `inline code`, and http(s) links.
 *
 * The rules follow what WhatsApp shows:
 * - an opening marker starts the text or follows a character that is not a
 *   letter or digit, and is followed by a non-space; a closing marker follows
 *   a non-space and ends the text or is followed by a non-letter, non-digit:
 *   `snake_case_names`, `2 * 3 * 4` and `a*b*c` stay as typed;
 * - bold, italic and strike stay within a line and nest (`*_both_*`);
 * - nothing is formatted inside monospace, code or a link;
 * - a marker with no partner is shown as typed.
 */
export type FormatNode =
  | { kind: "text"; text: string }
  | { kind: "link"; href: string; text: string }
  | { kind: "bold" | "italic" | "strike"; children: FormatNode[] }
  | { kind: "mono" | "code"; text: string };

const STYLES = { "*": "bold", _: "italic", "~": "strike" } as const;
type Marker = keyof typeof STYLES;

const WORD = /[\p{L}\p{N}]/u;
const SPACE = /\s/u;
/** http(s) URLs; trailing punctuation is trimmed after the match. */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/giu;
const TRAILING = /[.,;:!?*_~)\]}]+$/u;

const isWord = (char: string | undefined) => char !== undefined && WORD.test(char);
const isSpace = (char: string | undefined) => char === undefined || SPACE.test(char);

/** The formatting tree of a message body. */
export function parseWhatsApp(text: string): FormatNode[] {
  const nodes: FormatNode[] = [];
  // Monospace blocks and inline code first: what is inside them is never formatted.
  const code = /```([\s\S]+?)```|`([^`\n]+)`/gu;
  let last = 0;
  for (const match of text.matchAll(code)) {
    const start = match.index ?? 0;
    if (start > last) nodes.push(...parseInline(text.slice(last, start)));
    if (match[1] !== undefined) nodes.push({ kind: "mono", text: match[1] });
    else nodes.push({ kind: "code", text: match[2] ?? "" });
    last = start + match[0].length;
  }
  if (last < text.length) nodes.push(...parseInline(text.slice(last)));
  return merged(nodes);
}

/** The text without its markers (the visible characters) of a parsed body. */
export function plainText(nodes: FormatNode[]): string {
  return nodes.map((node) => ("children" in node ? plainText(node.children) : node.text)).join("");
}

/**
 * A body as the bubble shows it, without the markers: for one-line previews
 * (ticket list, notifications, reply banner), where formatting is not drawn.
 * `*Ana:* oi` becomes `Ana: oi`; markers the bubble would show as typed stay.
 */
export function stripWhatsApp(text: string): string {
  return plainText(parseWhatsApp(text));
}

interface Span {
  start: number;
  end: number;
}

/** Bold, italic, strike and links of a stretch without code. */
function parseInline(text: string): FormatNode[] {
  const links: (Span & { href: string })[] = [];
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    let href = match[0];
    // A closing parenthesis belongs to the link only when the link opened one.
    const trailing = TRAILING.exec(href)?.[0] ?? "";
    let keep = href.length - trailing.length;
    if (trailing.startsWith(")") && href.slice(0, keep).includes("(")) keep += 1;
    href = href.slice(0, keep);
    if (/^https?:\/\/./iu.test(href)) links.push({ start, end: start + href.length, href });
  }
  return parseRange(text, 0, text.length, links);
}

function parseRange(
  text: string,
  from: number,
  to: number,
  links: (Span & { href: string })[],
): FormatNode[] {
  const nodes: FormatNode[] = [];
  let plainFrom = from;
  const flush = (until: number) => {
    if (until > plainFrom) nodes.push(...withLinks(text, plainFrom, until, links));
  };
  let i = from;
  while (i < to) {
    const link = links.find((l) => l.start <= i && i < l.end);
    if (link) {
      i = link.end;
      continue;
    }
    const char = text[i] as string;
    if (char in STYLES && opens(text, i)) {
      const close = closerOf(text, char as Marker, i, to, links);
      if (close !== undefined) {
        flush(i);
        nodes.push({ kind: STYLES[char as Marker], children: parseRange(text, i + 1, close, links) });
        i = close + 1;
        plainFrom = i;
        continue;
      }
    }
    i += 1;
  }
  flush(to);
  return nodes;
}

/** An opening marker: after the start or a non-word character, before a non-space. */
function opens(text: string, i: number): boolean {
  return !isWord(text[i - 1]) && !isSpace(text[i + 1]) && text[i + 1] !== text[i];
}

/** The nearest closing marker on the same line, outside links, before `to`. */
function closerOf(
  text: string,
  marker: Marker,
  open: number,
  to: number,
  links: (Span & { href: string })[],
): number | undefined {
  for (let j = open + 2; j < to; j++) {
    if (text[j] === "\n") return undefined;
    const link = links.find((l) => l.start <= j && j < l.end);
    if (link) {
      // A span may hold a whole link but not end inside one.
      j = link.end - 1;
      continue;
    }
    if (text[j] === marker && !isSpace(text[j - 1]) && !isWord(text[j + 1])) return j;
  }
  return undefined;
}

/** Plain text with its links. */
function withLinks(text: string, from: number, to: number, links: (Span & { href: string })[]): FormatNode[] {
  const nodes: FormatNode[] = [];
  let at = from;
  for (const link of links) {
    if (link.end <= from || link.start >= to) continue;
    const start = Math.max(link.start, from);
    const end = Math.min(link.end, to);
    if (start > at) nodes.push({ kind: "text", text: text.slice(at, start) });
    nodes.push({ kind: "link", href: link.href, text: text.slice(start, end) });
    at = end;
  }
  if (to > at) nodes.push({ kind: "text", text: text.slice(at, to) });
  return nodes;
}

/** Adjacent text nodes joined (fewer elements to render). */
function merged(nodes: FormatNode[]): FormatNode[] {
  const out: FormatNode[] = [];
  for (const node of nodes) {
    const previous = out.at(-1);
    if (node.kind === "text" && previous?.kind === "text") previous.text += node.text;
    else out.push(node);
  }
  return out;
}
