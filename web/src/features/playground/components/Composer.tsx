import { ClearOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Flex, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The message box: Enter sends, Shift+Enter breaks the line; stop while answering; clear. */
export function Composer({
  busy,
  disabled,
  onSend,
  onStop,
  onClear,
}: {
  busy: boolean;
  disabled: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('playground');
  const [text, setText] = useState('');
  const send = () => {
    const value = text.trim();
    if (!value || busy || disabled) return;
    onSend(value);
    setText('');
  };
  return (
    <Flex vertical gap={8}>
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={(e) => {
          if (e.shiftKey || e.nativeEvent.isComposing) return;
          e.preventDefault();
          send();
        }}
        autoSize={{ minRows: 2, maxRows: 8 }}
        placeholder={disabled ? t('pickModel') : t('placeholder')}
        data-testid="playground-input"
      />
      <Flex justify="space-between" gap={8}>
        <Button icon={<ClearOutlined />} onClick={onClear} data-testid="playground-clear">
          {t('clear')}
        </Button>
        {busy ? (
          <Button danger icon={<StopOutlined />} onClick={onStop}>
            {t('stop')}
          </Button>
        ) : (
          <Button
            type="primary"
            icon={<SendOutlined />}
            onClick={send}
            disabled={disabled || !text.trim()}
            data-testid="playground-send"
          >
            {t('send')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
