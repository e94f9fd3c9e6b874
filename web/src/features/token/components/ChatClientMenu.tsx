import { MessageOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { revealKey } from '../api';
import { chatLinkFor } from '../lib/token-form';

/**
 * "Open in chat client": one entry per `status.chats` item, its URL template filled with the
 * full key and this server's address. The window opens at once so popup blockers allow it.
 */
export function ChatClientMenu({
  id,
  chats,
  address,
}: {
  id: number;
  chats: Array<Record<string, string>>;
  address: string;
}) {
  const { t } = useTranslation('token');
  const entries = chats.flatMap((entry) => Object.entries(entry));
  if (entries.length === 0) return null;
  const open = async (template: string) => {
    const win = window.open('about:blank', '_blank');
    try {
      const url = chatLinkFor(template, await revealKey(id), address);
      if (win) win.location.href = url;
      else window.location.assign(url);
    } catch {
      win?.close();
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: entries.map(([name, template], index) => ({
          key: String(index),
          label: name,
          onClick: () => void open(template),
        })),
      }}
    >
      <Button size="small" icon={<MessageOutlined />}>
        {t('actions.chat')}
      </Button>
    </Dropdown>
  );
}
