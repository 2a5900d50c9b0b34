import { createElement, type ReactNode } from 'react';

/**
 * A deliberately small Markdown subset for operator content (legal pages, /pages/:slug): #, ##, ### headings,
 * paragraphs, "-" and "1." lists, **bold**, *italic*, [links](url) and "---". It builds React elements, never HTML
 * strings, so markup in the text is shown as text; links are kept only for http(s), mailto and relative targets.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong' | 'em'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { type: 'rule' };

/** The href to use, or null when the target is not a safe kind of link (javascript:, data:, vbscript: ...). */
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  if (!href) return null;
  // Browsers ignore ASCII whitespace and control characters inside a scheme ("java\tscript:"), so do we.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const squashed = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(squashed);
  if (scheme) return ['http', 'https', 'mailto'].includes(scheme[1]!) ? href : null;
  // Relative targets: a path, query or fragment, or a bare segment with no colon that some parser could take
  // for a scheme ("java&#x09;script:").
  if (/^[/#?.]/.test(squashed) || !squashed.includes(':')) return href;
  return null;
}

export function parseInline(src: string): Inline[] {
  const out: Inline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ type: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === '\\' && i + 1 < src.length && /[\\*[\]()_#-]/.test(src[i + 1]!)) {
      text += src[i + 1];
      i += 2;
      continue;
    }
    if (src.startsWith('**', i)) {
      const end = src.indexOf('**', i + 2);
      if (end > i + 2) {
        flush();
        out.push({ type: 'strong', children: parseInline(src.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    if (ch === '*' && src[i + 1] !== ' ') {
      const end = findClosingStar(src, i + 1);
      if (end > i + 1) {
        flush();
        out.push({ type: 'em', children: parseInline(src.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (ch === '[') {
      const close = findClosingBracket(src, i);
      if (close !== -1 && src[close + 1] === '(') {
        const end = src.indexOf(')', close + 2);
        if (end !== -1) {
          flush();
          const label = parseInline(src.slice(i + 1, close));
          const href = safeHref(src.slice(close + 2, end));
          // An unsafe target keeps its words but loses the link.
          if (href === null) out.push(...label);
          else out.push({ type: 'link', href, children: label });
          i = end + 1;
          continue;
        }
      }
    }
    text += ch;
    i++;
  }
  flush();
  return out;
}

function findClosingStar(src: string, from: number): number {
  for (let j = from; j < src.length; j++) {
    if (src[j] === '\\') j++;
    else if (src[j] === '*' && src[j + 1] !== '*' && src[j - 1] !== ' ') return j;
    else if (src[j] === '*' && src[j + 1] === '*') j++;
  }
  return -1;
}

function findClosingBracket(src: string, open: number): number {
  let depth = 0;
  for (let j = open; j < src.length; j++) {
    if (src[j] === '\\') j++;
    else if (src[j] === '[') depth++;
    else if (src[j] === ']' && --depth === 0) return j;
  }
  return -1;
}

const HEADING = /^(#{1,3})\s+(.*?)\s*#*\s*$/;
const RULE = /^(?:-\s*){3,}$|^(?:\*\s*){3,}$/;
const BULLET = /^[-*+]\s+(.*)$/;
const ORDERED = /^(\d{1,9})[.)]\s+(.*)$/;

export function parseMarkdown(src: string): Block[] {
  const lines = src.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let para: string[] = [];
  let list: { ordered: boolean; start: number; items: string[] } | null = null;

  const flushPara = () => {
    if (para.length) blocks.push({ type: 'paragraph', children: parseInline(para.join(' ')) });
    para = [];
  };
  const flushList = () => {
    if (list) {
      blocks.push({ type: 'list', ordered: list.ordered, start: list.start, items: list.items.map(parseInline) });
    }
    list = null;
  };

  for (const raw of lines) {
    const line = raw.trim();
    if (!line) {
      flushPara();
      flushList();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flushPara();
      flushList();
      blocks.push({ type: 'heading', level: heading[1]!.length as 1 | 2 | 3, children: parseInline(heading[2]!) });
      continue;
    }
    if (RULE.test(line)) {
      flushPara();
      flushList();
      blocks.push({ type: 'rule' });
      continue;
    }
    const bullet = BULLET.exec(line);
    const ordered = bullet ? null : ORDERED.exec(line);
    if (bullet || ordered) {
      flushPara();
      const isOrdered = ordered !== null;
      const current = list as { ordered: boolean; start: number; items: string[] } | null;
      if (!current || current.ordered !== isOrdered) {
        flushList();
        list = { ordered: isOrdered, start: ordered ? Number(ordered[1]) : 1, items: [] };
      }
      list!.items.push(bullet ? bullet[1]! : ordered![2]!);
      continue;
    }
    const openList = list as { items: string[] } | null;
    if (openList && /^\s/.test(raw)) {
      // An indented line continues the previous list item.
      openList.items[openList.items.length - 1] += ` ${line}`;
      continue;
    }
    flushList();
    para.push(line);
  }
  flushPara();
  flushList();
  return blocks;
}

export type MarkdownOptions = {
  /** Added to heading levels: 1 turns "#" into <h2> when the page already has its <h1>. */
  headingOffset?: number;
  /** Renders a same-site link (href starting with "/"), e.g. as a router link with the locale prefix. */
  renderInternalLink?: (href: string, children: ReactNode, key: string) => ReactNode;
};

function renderInline(nodes: Inline[], options: MarkdownOptions, prefix: string): ReactNode[] {
  return nodes.map((node, i) => {
    const key = `${prefix}.${i}`;
    switch (node.type) {
      case 'text':
        return node.text;
      case 'strong':
        return createElement('strong', { key }, ...renderInline(node.children, options, key));
      case 'em':
        return createElement('em', { key }, ...renderInline(node.children, options, key));
      case 'link': {
        const children = renderInline(node.children, options, key);
        const internal = node.href.startsWith('/') && !node.href.startsWith('//');
        if (internal && options.renderInternalLink) return options.renderInternalLink(node.href, children, key);
        const external = /^(https?:)?\/\//i.test(node.href);
        return createElement(
          'a',
          external
            ? { key, href: node.href, target: '_blank', rel: 'noopener noreferrer nofollow' }
            : { key, href: node.href },
          ...children,
        );
      }
    }
    return null;
  });
}

export function renderMarkdown(src: string, options: MarkdownOptions = {}): ReactNode[] {
  const offset = options.headingOffset ?? 0;
  return parseMarkdown(src).map((block, i) => {
    const key = String(i);
    switch (block.type) {
      case 'heading':
        return createElement(
          `h${Math.min(6, block.level + offset)}`,
          { key },
          ...renderInline(block.children, options, key),
        );
      case 'paragraph':
        return createElement('p', { key }, ...renderInline(block.children, options, key));
      case 'rule':
        return createElement('hr', { key });
      case 'list':
        return createElement(
          block.ordered ? 'ol' : 'ul',
          block.ordered && block.start !== 1 ? { key, start: block.start } : { key },
          ...block.items.map((item, j) =>
            createElement('li', { key: `${key}.${j}` }, ...renderInline(item, options, `${key}.${j}`)),
          ),
        );
    }
    return null;
  });
}
