import { BellOutlined } from '@ant-design/icons';
import { Button, Empty, Modal, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/ui/Markdown';
import { readNoticeMemory, rememberNotice, shouldShowNotice, today } from '../../../lib/notice';
import { useNotice } from '../hooks/useNotice';

/** The bell button and the announcement popup, which also opens by itself per spec section 4. */
export function NoticeCenter() {
  const { t } = useTranslation();
  const { data: notice = '' } = useNotice();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (shouldShowNotice(notice, readNoticeMemory(), today())) setOpen(true);
  }, [notice]);

  const close = (forToday: boolean) => {
    if (notice) rememberNotice(notice, forToday);
    setOpen(false);
  };

  return (
    <>
      <Tooltip title={t('notice.title')}>
        <Button
          type="text"
          shape="circle"
          icon={<BellOutlined />}
          aria-label={t('notice.title')}
          data-testid="notice-bell"
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      <Modal
        open={open}
        title={t('notice.title')}
        onCancel={() => close(false)}
        footer={[
          <Button key="today" onClick={() => close(true)} disabled={!notice}>
            {t('notice.noMoreToday')}
          </Button>,
          <Button key="close" type="primary" onClick={() => close(false)}>
            {t('actions.close')}
          </Button>,
        ]}
      >
        {notice.trim() ? <Markdown source={notice} /> : <Empty description={t('notice.empty')} />}
      </Modal>
    </>
  );
}
