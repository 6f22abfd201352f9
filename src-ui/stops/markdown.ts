/**
 * The markdown of a stop's notes, parsed into a small tree that Markdown.tsx turns into React elements. A
 * dispatcher's notes are short ("Ring **twice**", a list, a link), so this covers what they use and nothing more:
 * paragraphs with line breaks, bullet and numbered lists, headings (shown as bold lines), **bold**, *italic*,
 * `code`, [links](https://...), <autolinks> and bare https:// addresses, backslash escapes.
 *
 * Safe by construction: there is no HTML at all. Everything becomes text nodes or one of the elements below, so
 * "<img onerror=...>" shows as those characters. Links keep only http(s), mailto and tel addresses; any other
 * (javascript:, data:, relative) leaves the link text as plain text.
 * Chosen over react-markdown: that is about 37 KB gzip (117 KB minified, 85 packages) for a one-line note on a
 * cheap phone; this is under 2 KB.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong' | 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'break' };

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'heading'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] };

const SAFE_HREF = /^(?:https?:\/\/|mailto:|tel:)/i;

/** The address when it is one a link may open, else null. */
export function safeHref(url: string): string | null {
  const trimmed = url.trim();
  return SAFE_HREF.test(trimmed) && !/[\s<>"]/.test(trimmed) ? trimmed : null;
}

// Alternatives in priority order; each has its own capture groups (see parseInline).
const INLINE = new RegExp(
  [
    /\\([\\`*_[\]()#+\-.!<>])/.source, // 1: escaped character
    /`([^`\n]+)`/.source, // 2: code
    /\[([^\]\n]+)\]\(([^)\s]+)\)/.source, // 3, 4: link
    /<((?:https?:\/\/|mailto:|tel:)[^>\s]+)>/.source, // 5: autolink
    /(https?:\/\/[^\s<]*[^\s<.,;:!?)\]'"])/.source, // 6: bare address
    /\*\*(?=\S)([\s\S]*?\S)\*\*/.source, // 7: strong
    /__(?=\S)([\s\S]*?\S)__/.source, // 8: strong
    /\*(?=[^\s*])([\s\S]*?[^\s*])\*/.source, // 9: emphasis
    /(?<![\p{L}\p{N}_])_(?=[^\s_])([\s\S]*?[^\s_])_(?![\p{L}\p{N}_])/u.source, // 10: emphasis, not inside a word
  ].join('|'),
  'u',
);

function pushText(out: Inline[], text: string) {
  if (!text) return;
  const parts = text.split('\n');
  parts.forEach((part, i) => {
    if (i > 0) out.push({ type: 'break' });
    if (!part) return;
    const last = out.at(-1);
    if (last?.type === 'text') last.text += part;
    else out.push({ type: 'text', text: part });
  });
}

/** One line or paragraph's inline content; a newline becomes a line break. */
export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  let rest = source;
  for (let match = INLINE.exec(rest); match; match = INLINE.exec(rest)) {
    pushText(out, rest.slice(0, match.index));
    const [whole, escaped, code, linkText, linkUrl, auto, bare, strong1, strong2, em1, em2] = match;
    if (escaped !== undefined) pushText(out, escaped);
    else if (code !== undefined) out.push({ type: 'code', text: code });
    else if (linkText !== undefined && linkUrl !== undefined) {
      const href = safeHref(linkUrl);
      if (href) out.push({ type: 'link', href, children: parseInline(linkText) });
      else out.push(...parseInline(linkText));
    } else if (auto !== undefined || bare !== undefined) {
      const url = (auto ?? bare)!;
      const href = safeHref(url);
      if (href) out.push({ type: 'link', href, children: [{ type: 'text', text: url }] });
      else pushText(out, whole);
    } else if (strong1 !== undefined || strong2 !== undefined) {
      out.push({ type: 'strong', children: parseInline((strong1 ?? strong2)!) });
    } else if (em1 !== undefined || em2 !== undefined) {
      out.push({ type: 'em', children: parseInline((em1 ?? em2)!) });
    }
    rest = rest.slice(match.index + whole.length);
  }
  pushText(out, rest);
  return out;
}

const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}\d{1,9}[.)]\s+(.*)$/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;

/** Notes text into blocks: blank lines separate paragraphs; list items and headings are one line each. */
export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', children: parseInline(paragraph.join('\n')) });
    paragraph = [];
  };
  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const heading = HEADING.exec(line);
    if (bullet || numbered) {
      endParagraph();
      const ordered = numbered !== null;
      const item = parseInline((bullet ?? numbered)![1]!);
      const last = blocks.at(-1);
      if (last?.type === 'list' && last.ordered === ordered) last.items.push(item);
      else blocks.push({ type: 'list', ordered, items: [item] });
    } else if (heading) {
      endParagraph();
      blocks.push({ type: 'heading', children: parseInline(heading[1]!) });
    } else if (line.trim() === '') {
      endParagraph();
      // A blank line also ends a list, so the next list starts afresh.
      if (blocks.at(-1)?.type === 'list') blocks.push({ type: 'paragraph', children: [] });
    } else {
      paragraph.push(line.trim());
    }
  }
  endParagraph();
  return blocks.filter((b) => b.type !== 'paragraph' || b.children.length > 0);
}
