import { theme } from 'antd';
import { isEmbedUrl } from './markdown';
import { Markdown } from './Markdown';

/**
 * Administrator page content (home, about): an https address is embedded in a frame that
 * fills the content area; anything else is Markdown or HTML, sanitised.
 */
export function RichContent({ content, title }: { content: string; title: string }) {
  const { token } = theme.useToken();
  if (isEmbedUrl(content)) {
    return (
      <iframe
        src={content.trim()}
        title={title}
        style={{
          width: '100%',
          height: 'calc(100vh - 68px)',
          border: 'none',
          display: 'block',
          background: token.colorBgContainer,
        }}
      />
    );
  }
  return <Markdown source={content} />;
}
