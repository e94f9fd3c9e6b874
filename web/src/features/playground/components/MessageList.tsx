import { Empty, Flex } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Turn } from '../hooks/use-chat-session';
import { MessageBubble } from './MessageBubble';

/** The conversation, kept scrolled to the newest text. */
export function MessageList({ turns }: { turns: Turn[] }) {
  const { t } = useTranslation('playground');
  const end = useRef<HTMLDivElement>(null);
  const last = turns.at(-1);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [turns.length, last?.content.length]);
  return (
    <Flex
      vertical
      gap={12}
      style={{ flex: 1, overflowY: 'auto', padding: 4, minHeight: 240 }}
      data-testid="playground-messages"
    >
      {turns.length === 0 ? (
        <Flex flex={1} align="center" justify="center">
          <Empty description={t('empty')} />
        </Flex>
      ) : (
        turns.map((turn) => <MessageBubble key={turn.id} turn={turn} />)
      )}
      <div ref={end} />
    </Flex>
  );
}
