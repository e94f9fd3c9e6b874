import { theme } from 'antd';
import { useMemo } from 'react';
import { renderMarkdown } from '../../lib/markdown';

/** Markdown (or HTML) rendered and sanitised, styled with the theme's tokens. */
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
