import { CopyOutlined, RobotOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Collapse, Flex, Spin, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../../components/common/use-copy';
import { Markdown } from '../../../components/ui/Markdown';
import type { Turn } from '../hooks/use-chat-session';

/** One turn: the user's text, or the model's Markdown answer with reasoning, usage and copy. */
export function MessageBubble({ turn }: { turn: Turn }) {
  const { t } = useTranslation('playground');
  const { token } = theme.useToken();
  const copy = useCopy();
  const mine = turn.role === 'user';
  return (
    <Flex
      gap={8}
      justify={mine ? 'flex-end' : 'flex-start'}
      align="flex-start"
      data-testid={`turn-${turn.role}`}
    >
      {!mine && <Avatar size="small" icon={<RobotOutlined />} style={{ flex: 'none' }} />}
      <div
        style={{
          maxWidth: 'min(760px, 85%)',
          minWidth: 0,
          padding: '8px 12px',
          borderRadius: token.borderRadiusLG,
          background: mine ? token.colorPrimaryBg : token.colorFillTertiary,
          color: token.colorText,
        }}
      >
        {turn.reasoning && (
          <Collapse
            size="small"
            ghost
            items={[
              {
                key: 'r',
                label: t('reasoning'),
                children: (
                  <Typography.Paragraph
                    type="secondary"
                    style={{ whiteSpace: 'pre-wrap', margin: 0 }}
                  >
                    {turn.reasoning}
                  </Typography.Paragraph>
                ),
              },
            ]}
          />
        )}
        {mine ? (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
            {turn.content}
          </Typography.Paragraph>
        ) : turn.content ? (
          <div data-testid="assistant-content">
            <Markdown source={turn.content} />
          </div>
        ) : (
          turn.pending && <Spin size="small" />
        )}
        {turn.error && <Alert type="error" showIcon title={turn.error} style={{ marginTop: 8 }} />}
        {!turn.pending && turn.content && (
          <Flex justify="space-between" align="center" gap={8} style={{ marginTop: 4 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {turn.usage?.total_tokens ? t('usage', { tokens: turn.usage.total_tokens }) : ''}
            </Typography.Text>
            <Button
              size="small"
              type="text"
              icon={<CopyOutlined />}
              onClick={() => void copy(turn.content)}
              aria-label={t('copy')}
            />
          </Flex>
        )}
      </div>
      {mine && <Avatar size="small" icon={<UserOutlined />} style={{ flex: 'none' }} />}
    </Flex>
  );
}
