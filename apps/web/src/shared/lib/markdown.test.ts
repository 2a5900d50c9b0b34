import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, renderMarkdown, safeHref } from './markdown';

const html = (src: string, options?: Parameters<typeof renderMarkdown>[1]) =>
  renderToStaticMarkup(createElement('div', null, ...renderMarkdown(src, options)));

describe('renderMarkdown', () => {
  it('renders the supported subset', () => {
    const out = html(
      [
        '# Título',
        '## Seção',
        '### Sub',
        '',
        'Um **negrito** e um *itálico* com [link](/privacy).',
        'mesmo parágrafo',
        '',
        '- um',
        '- dois',
        '',
        '1. primeiro',
        '2. segundo',
        '',
        '---',
        'fim',
      ].join('\n'),
    );
    expect(out).toBe(
      '<div><h1>Título</h1><h2>Seção</h2><h3>Sub</h3>' +
        '<p>Um <strong>negrito</strong> e um <em>itálico</em> com <a href="/privacy">link</a>. mesmo parágrafo</p>' +
        '<ul><li>um</li><li>dois</li></ul><ol><li>primeiro</li><li>segundo</li></ol><hr/><p>fim</p></div>',
    );
  });

  it('never renders a javascript: link as a link', () => {
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java&#x09;script:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
    ]) {
      const out = html(`[clique aqui](${href})`);
      expect(out, href).not.toContain('<a');
      expect(out, href).toContain('clique aqui');
    }
  });

  it('keeps http(s), mailto and relative links; external ones open safely', () => {
    expect(html('[a](https://gov.br/x)')).toContain(
      '<a href="https://gov.br/x" target="_blank" rel="noopener noreferrer nofollow">a</a>',
    );
    expect(html('[m](mailto:suporte@sorte.example)')).toContain('<a href="mailto:suporte@sorte.example">m</a>');
    expect(html('[r](#secao)')).toContain('<a href="#secao">r</a>');
  });

  it('shows markup in the text as text', () => {
    const out = html('<img src=x onerror=alert(1)> **<b>oi</b>**');
    expect(out).not.toContain('<img');
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).toContain('<strong>&lt;b&gt;oi&lt;/b&gt;</strong>');
  });

  it('offsets headings and hands internal links to the router', () => {
    const out = html('# A\n\n[t](/terms)', {
      headingOffset: 1,
      renderInternalLink: (href, children, key) => createElement('a', { key, href: `/en${href}` }, children),
    });
    expect(out).toBe('<div><h2>A</h2><p><a href="/en/terms">t</a></p></div>');
  });
});

describe('parsers', () => {
  it('keeps unmatched markers as text', () => {
    expect(parseInline('2 * 3 = 6 and [not a link]')).toEqual([{ type: 'text', text: '2 * 3 = 6 and [not a link]' }]);
    expect(parseInline('\\*literal\\*')).toEqual([{ type: 'text', text: '*literal*' }]);
  });

  it('continues list items on indented lines and starts ordered lists at their number', () => {
    expect(parseMarkdown('3. três\n   continua\n4. quatro')).toEqual([
      {
        type: 'list',
        ordered: true,
        start: 3,
        items: [[{ type: 'text', text: 'três continua' }], [{ type: 'text', text: 'quatro' }]],
      },
    ]);
  });

  it('safeHref', () => {
    expect(safeHref('/pages/news')).toBe('/pages/news');
    expect(safeHref('http://x.y')).toBe('http://x.y');
    expect(safeHref('javascript:void(0)')).toBeNull();
    expect(safeHref('foo:bar')).toBeNull();
    expect(safeHref('')).toBeNull();
  });
});
