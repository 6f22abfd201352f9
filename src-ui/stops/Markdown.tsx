/** A stop's markdown notes as React elements (markdown.ts parses; nothing here ever renders HTML from the text). */
import type { ReactNode } from 'react';
import styles from './Markdown.module.css';
import { type Inline, parseMarkdown } from './markdown.ts';

function inline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'break':
        // biome-ignore lint/suspicious/noArrayIndexKey: inline nodes have no identity but their place.
        return <br key={i} />;
      case 'code':
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <code key={i} className={styles.code}>
            {node.text}
          </code>
        );
      case 'strong':
        // biome-ignore lint/suspicious/noArrayIndexKey: as above.
        return <strong key={i}>{inline(node.children)}</strong>;
      case 'em':
        // biome-ignore lint/suspicious/noArrayIndexKey: as above.
        return <em key={i}>{inline(node.children)}</em>;
      case 'link':
        return (
          // Opened outside the app, which keeps no reference to it (rel noopener noreferrer).
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <a key={i} href={node.href} target="_blank" rel="noopener noreferrer external">
            {inline(node.children)}
          </a>
        );
      default:
        return null;
    }
  });
}

export function Markdown({ text, className }: { text: string; className?: string }) {
  const blocks = parseMarkdown(text);
  return (
    <div className={className ?? styles.markdown}>
      {blocks.map((block, i) => {
        // biome-ignore-start lint/suspicious/noArrayIndexKey: the blocks of one text, in order.
        if (block.type === 'list') {
          const List = block.ordered ? 'ol' : 'ul';
          return (
            <List key={i}>
              {block.items.map((item, j) => (
                <li key={j}>{inline(item)}</li>
              ))}
            </List>
          );
        }
        if (block.type === 'heading')
          return (
            <p key={i}>
              <strong>{inline(block.children)}</strong>
            </p>
          );
        return <p key={i}>{inline(block.children)}</p>;
        // biome-ignore-end lint/suspicious/noArrayIndexKey: the blocks of one text, in order.
      })}
    </div>
  );
}
