import { App, Input, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard';

/** Copies text with a toast; when the browser refuses, a dialog shows it for manual copying. */
export function useCopy(): (text: string) => Promise<void> {
  const { message, modal } = App.useApp();
  const { t } = useTranslation();
  return useCallback(
    async (text: string) => {
      if (await copyText(text)) {
        void message.success(t('copy.done'));
        return;
      }
      modal.info({
        title: t('copy.failedTitle'),
        content: (
          <>
            <Typography.Paragraph>{t('copy.failed')}</Typography.Paragraph>
            <Input.TextArea value={text} readOnly autoSize={{ minRows: 2, maxRows: 8 }} />
          </>
        ),
      });
    },
    [message, modal, t],
  );
}
