import { App, Input } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard';

/** Copies text with a toast; when the browser refuses, shows the text to copy by hand. */
export function useCopy(): (text: string) => Promise<void> {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  return useCallback(
    async (text: string) => {
      if (await copyText(text)) {
        void message.success(t('copy.copied'));
        return;
      }
      modal.info({
        title: t('copy.failedTitle'),
        content: <Input.TextArea value={text} readOnly autoSize={{ minRows: 2, maxRows: 8 }} />,
        okText: t('actions.close'),
      });
    },
    [message, modal, t],
  );
}
