import { theme } from 'antd';
import { useMemo } from 'react';
import { renderMarkdown } from './markdown';

/** Rendered, sanitised Markdown in the theme's text colours. */
export function Markdown({ source }: { source: string }) {
  const { token } = theme.useToken();
  const html = useMemo(() => renderMarkdown(source), [source]);
  return (
    <div
      className="markdown-body"
      style={{ color: token.colorText, lineHeight: 1.7, overflowWrap: 'anywhere' }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
