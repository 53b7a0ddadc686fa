/**
 * The body format of managed content: a small, safe subset of Markdown, parsed into blocks that React renders (no
 * HTML string is ever made, so nothing an editor types can become markup). Headings (## and ###), paragraphs,
 * bulleted and numbered lists, quotes, pictures on their own line; inline **bold**, *italic* and [links](url).
 */

export type Inline =
  { type: 'text'; text: string } | { type: 'strong' | 'em'; children: Inline[] } | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'heading'; level: 2 | 3; text: string; id: string }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] }
  | { type: 'quote'; children: Inline[] }
  | { type: 'image'; src: string; alt: string };

/** Links may go to our own pages (a path), the web (https/http), email or a phone number; anything else is text. */
export function safeHref(url: string): string | null {
  const trimmed = url.trim();
  if (/^\/(?!\/)[^\s]*$/.test(trimmed)) return trimmed;
  if (/^(https?:\/\/|mailto:|tel:)[^\s]+$/i.test(trimmed)) return trimmed;
  return null;
}

/** Pictures come from our media store only. */
function safeImage(url: string): string | null {
  const trimmed = url.trim();
  return /^\/media\/[a-z0-9/_.-]+$/i.test(trimmed) && !trimmed.includes('..') ? trimmed : null;
}

/** A heading's anchor: its words, lower case, joined by hyphens (any script). */
export function anchorOf(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'section'
  );
}

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  const pushText = (value: string) => {
    if (!value) return;
    const last = out.at(-1);
    if (last?.type === 'text') last.text += value;
    else out.push({ type: 'text', text: value });
  };
  while (rest.length) {
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)/.exec(rest);
    if (link) {
      const href = safeHref(link[2]!);
      if (href) out.push({ type: 'link', href, children: parseInline(link[1]!) });
      else pushText(link[1]!);
      rest = rest.slice(link[0].length);
      continue;
    }
    const strong = /^\*\*(.+?)\*\*/.exec(rest);
    if (strong) {
      out.push({ type: 'strong', children: parseInline(strong[1]!) });
      rest = rest.slice(strong[0].length);
      continue;
    }
    const em = /^\*([^*\s][^*]*?)\*/.exec(rest);
    if (em) {
      out.push({ type: 'em', children: parseInline(em[1]!) });
      rest = rest.slice(em[0].length);
      continue;
    }
    // Plain text up to the next possible mark.
    const next = rest.slice(1).search(/[[*]/);
    const cut = next === -1 ? rest.length : next + 1;
    pushText(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  return out;
}

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const usedAnchors = new Map<string, number>();
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    const heading = /^(#{1,3})\s+(.+?)\s*#*$/.exec(line);
    if (heading) {
      const text = heading[2]!;
      const base = anchorOf(text);
      const seen = usedAnchors.get(base) ?? 0;
      usedAnchors.set(base, seen + 1);
      // A page has one h1 (its title): a # heading in the text is a section heading too.
      blocks.push({ type: 'heading', level: heading[1]!.length === 3 ? 3 : 2, text, id: seen ? `${base}-${seen + 1}` : base });
      i++;
      continue;
    }
    const image = /^!\[([^\]]*)\]\(([^)\s]+)\)\s*$/.exec(line);
    if (image) {
      const src = safeImage(image[2]!);
      if (src) blocks.push({ type: 'image', alt: image[1]!, src });
      i++;
      continue;
    }
    const bullet = /^\s*[-*+]\s+/;
    const numbered = /^\s*\d+[.)]\s+/;
    if (bullet.test(line) || numbered.test(line)) {
      const ordered = numbered.test(line);
      const marker = ordered ? numbered : bullet;
      const items: string[] = [];
      while (i < lines.length && lines[i]!.trim()) {
        const current = lines[i]!;
        if (marker.test(current)) items.push(current.replace(marker, ''));
        else if (items.length) items[items.length - 1] += ` ${current.trim()}`;
        i++;
      }
      blocks.push({ type: 'list', ordered, items: items.map(parseInline) });
      continue;
    }
    if (line.startsWith('>')) {
      const quoted: string[] = [];
      while (i < lines.length && lines[i]!.startsWith('>')) quoted.push(lines[i++]!.replace(/^>\s?/, ''));
      blocks.push({ type: 'quote', children: parseInline(quoted.join(' ').trim()) });
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && lines[i]!.trim() && !/^(#{1,3}\s|>|\s*[-*+]\s|\s*\d+[.)]\s|!\[)/.test(lines[i]!)) paragraph.push(lines[i++]!.trim());
    if (!paragraph.length) paragraph.push(lines[i++]!.trim());
    blocks.push({ type: 'paragraph', children: parseInline(paragraph.join(' ')) });
  }
  return blocks;
}

export function inlineText(children: Inline[]): string {
  return children.map((c) => (c.type === 'text' ? c.text : inlineText(c.children))).join('');
}

/** An FAQ body's questions (its headings) with the text of each answer, for FAQPage data. */
export function faqPairs(blocks: Block[]): { question: string; answer: string }[] {
  const pairs: { question: string; answer: string[] }[] = [];
  for (const block of blocks) {
    if (block.type === 'heading') pairs.push({ question: block.text, answer: [] });
    else if (pairs.length) {
      const current = pairs.at(-1)!;
      if (block.type === 'paragraph' || block.type === 'quote') current.answer.push(inlineText(block.children));
      if (block.type === 'list') current.answer.push(block.items.map(inlineText).join('; '));
    }
  }
  return pairs.filter((p) => p.answer.length).map((p) => ({ question: p.question, answer: p.answer.join(' ') }));
}
