import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Block, Inline } from '../markdown.ts';

function renderInline(children: Inline[]): ReactNode {
  return children.map((child, index) => {
    switch (child.type) {
      case 'text':
        return <Fragment key={index}>{child.text}</Fragment>;
      case 'strong':
        return <strong key={index}>{renderInline(child.children)}</strong>;
      case 'em':
        return <em key={index}>{renderInline(child.children)}</em>;
      case 'link':
        // Our own pages navigate in the app; anything else opens as a plain external link.
        return child.href.startsWith('/') ? (
          <Link key={index} to={child.href} className="text-brand-700 underline hover:text-brand-800">
            {renderInline(child.children)}
          </Link>
        ) : (
          <a key={index} href={child.href} rel="noopener noreferrer nofollow" className="text-brand-700 underline hover:text-brand-800">
            {renderInline(child.children)}
          </a>
        );
    }
  });
}

/** A content body (already parsed from its safe Markdown) as headings, paragraphs, lists, quotes and pictures. */
export function RichText({ blocks }: { blocks: Block[] }) {
  return (
    <div className="space-y-4 leading-relaxed text-gray-800">
      {blocks.map((block, index) => {
        switch (block.type) {
          case 'heading':
            return block.level === 2 ? (
              <h2 key={index} id={block.id} className="scroll-mt-24 pt-4 text-xl font-semibold text-gray-900">
                {block.text}
              </h2>
            ) : (
              <h3 key={index} id={block.id} className="scroll-mt-24 pt-2 text-lg font-semibold text-gray-900">
                {block.text}
              </h3>
            );
          case 'paragraph':
            return <p key={index}>{renderInline(block.children)}</p>;
          case 'quote':
            return (
              <blockquote key={index} className="border-l-4 border-brand-600 bg-brand-50 px-4 py-3 text-gray-900">
                {renderInline(block.children)}
              </blockquote>
            );
          case 'list': {
            const items = block.items.map((item, n) => <li key={n}>{renderInline(item)}</li>);
            return block.ordered ? (
              <ol key={index} className="list-decimal space-y-1 pl-6">
                {items}
              </ol>
            ) : (
              <ul key={index} className="list-disc space-y-1 pl-6">
                {items}
              </ul>
            );
          }
          case 'image':
            return <img key={index} src={block.src} alt={block.alt} loading="lazy" className="w-full rounded-lg" />;
        }
      })}
    </div>
  );
}
