import { describe, expect, it } from 'vitest';
import { type Inline, parseInline, parseMarkdown, safeHref } from './markdown.ts';

const text = (t: string): Inline => ({ type: 'text', text: t });

describe('inline markdown', () => {
  it.each<[string, Inline[]]>([
    ['plain', [text('plain')]],
    ['Ring **twice**; ok', [text('Ring '), { type: 'strong', children: [text('twice')] }, text('; ok')]],
    ['the *reception*, 2nd', [text('the '), { type: 'em', children: [text('reception')] }, text(', 2nd')]],
    [
      '__b__ and _i_',
      [{ type: 'strong', children: [text('b')] }, text(' and '), { type: 'em', children: [text('i')] }],
    ],
    ['snake_case_name stays', [text('snake_case_name stays')]],
    ['2 * 3 * 4', [text('2 * 3 * 4')]],
    ['code `a*b*c`', [text('code '), { type: 'code', text: 'a*b*c' }]],
    ['\\*not em\\*', [text('*not em*')]],
    ['a\nb', [text('a'), { type: 'break' }, text('b')]],
    ['**bold _and em_**', [{ type: 'strong', children: [text('bold '), { type: 'em', children: [text('and em')] }] }]],
  ])('%j', (source, expected) => {
    expect(parseInline(source)).toEqual(expected);
  });

  it('keeps only safe links', () => {
    expect(parseInline('[gate code](https://example.com/g?x=1)')).toEqual([
      { type: 'link', href: 'https://example.com/g?x=1', children: [text('gate code')] },
    ]);
    expect(parseInline('[call](tel:+31301234567)')).toEqual([
      { type: 'link', href: 'tel:+31301234567', children: [text('call')] },
    ]);
    // The address ends at the first ')'; the link text stays, as text.
    expect(parseInline('[click](javascript:alert(1))')).toEqual([text('click)')]);
    expect(parseInline('[x](data:text/html,hi)')).toEqual([text('x')]);
    expect(parseInline('[x](/relative)')).toEqual([text('x')]);
  });

  it('links bare and angle-bracket addresses, without trailing punctuation', () => {
    expect(parseInline('See https://example.com/a.')).toEqual([
      text('See '),
      { type: 'link', href: 'https://example.com/a', children: [text('https://example.com/a')] },
      text('.'),
    ]);
    expect(parseInline('<mailto:desk@example.com>')).toEqual([
      { type: 'link', href: 'mailto:desk@example.com', children: [text('mailto:desk@example.com')] },
    ]);
  });

  it('never lets HTML through: it is text', () => {
    expect(parseInline('<img src=x onerror=alert(1)> <b>hi</b>')).toEqual([
      text('<img src=x onerror=alert(1)> <b>hi</b>'),
    ]);
  });

  it('accepts only http(s), mailto and tel addresses', () => {
    expect(safeHref(' https://a.b/c ')).toBe('https://a.b/c');
    expect(safeHref('JavaScript:alert(1)')).toBeNull();
    expect(safeHref('vbscript:x')).toBeNull();
    expect(safeHref('https://a.b/"onmouseover')).toBeNull();
  });
});

describe('block markdown', () => {
  it('splits paragraphs, lists and headings', () => {
    const blocks = parseMarkdown('# Gate\nCode 4711\nthen left\n\n- one\n- **two**\n\n1. first\n2) second\r\nafter');
    expect(blocks).toEqual([
      { type: 'heading', children: [text('Gate')] },
      { type: 'paragraph', children: [text('Code 4711'), { type: 'break' }, text('then left')] },
      { type: 'list', ordered: false, items: [[text('one')], [{ type: 'strong', children: [text('two')] }]] },
      { type: 'list', ordered: true, items: [[text('first')], [text('second')]] },
      { type: 'paragraph', children: [text('after')] },
    ]);
  });

  it('gives nothing for blank notes', () => {
    expect(parseMarkdown('  \n\n ')).toEqual([]);
  });
});
