import { theme } from 'antd';
import { isFrameUrl } from '../../lib/markdown';
import { Markdown } from './Markdown';

/** Admin-provided page content: an https address shown in a frame, else Markdown or HTML. */
export function RichContent({ content, title }: { content: string; title: string }) {
  const { token } = theme.useToken();
  if (isFrameUrl(content)) {
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
