import { Result, Segmented } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useStatus } from '../../site/hooks/use-status';
import { FullFrame } from '../../components/common/FullFrame';
import { useChatLink } from './hooks/use-chat-link';
import { chatLanguageMessage, frameOrigin } from './lib/chat-language';

type Side = 'chat' | 'drawing';

/**
 * /chat: the configured chat page in a full-size frame (no sidebar, no footer). When drawing
 * is enabled and a drawing page is configured, a switch opens it instead (`?side=drawing`).
 */
export function ChatPage() {
  const { t, i18n } = useTranslation('chat');
  const status = useStatus();
  const chatLink = useChatLink(status.chat_link);
  const drawingLink = status.enable_drawing ? (status.drawing_link ?? '') : '';
  const [params, setParams] = useSearchParams();
  const side: Side =
    drawingLink && (params.get('side') === 'drawing' || !chatLink) ? 'drawing' : 'chat';
  const link = side === 'drawing' ? drawingLink : chatLink;
  const frame = useRef<HTMLIFrameElement>(null);

  const postLanguage = useCallback(() => {
    const origin = frameOrigin(link);
    if (!origin) return;
    frame.current?.contentWindow?.postMessage(chatLanguageMessage(i18n.language), origin);
  }, [link, i18n.language]);

  // The frame learns the language when it loads and whenever the console's changes.
  useEffect(postLanguage, [postLanguage]);

  if (!link) {
    return <Result status="info" title={t('notSet')} subTitle={t('notSetHint')} />;
  }
  const switcher =
    chatLink && drawingLink ? (
      <Segmented<Side>
        data-testid="chat-side"
        value={side}
        onChange={(next) => setParams(next === 'drawing' ? { side: 'drawing' } : {})}
        options={[
          { label: t('sideChat'), value: 'chat' },
          { label: t('sideDrawing'), value: 'drawing' },
        ]}
        style={{ position: 'absolute', top: 8, right: 16, zIndex: 1 }}
      />
    ) : null;
  return (
    <div style={{ position: 'relative', height: '100%' }}>
      {switcher}
      <FullFrame
        ref={frame}
        key={link}
        src={link}
        title={side === 'drawing' ? t('drawingTitle') : t('title')}
        onLoad={postLanguage}
        allow="clipboard-read; clipboard-write; microphone"
        testId={side === 'drawing' ? 'drawing-frame' : 'chat-frame'}
      />
    </div>
  );
}

export default ChatPage;
