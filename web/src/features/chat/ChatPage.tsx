import { Result } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../site/hooks/use-status';
import { FullFrame } from '../../components/common/FullFrame';
import { useChatLink } from './hooks/use-chat-link';
import { chatLanguageMessage, frameOrigin } from './lib/chat-language';

/** /chat: the configured chat page in a full-size frame (no sidebar, no footer). */
export function ChatPage() {
  const { t, i18n } = useTranslation('chat');
  const status = useStatus();
  const link = useChatLink(status.chat_link);
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
  return (
    <FullFrame
      ref={frame}
      key={link}
      src={link}
      title={t('title')}
      onLoad={postLanguage}
      allow="clipboard-read; clipboard-write; microphone"
      testId="chat-frame"
    />
  );
}

export default ChatPage;
