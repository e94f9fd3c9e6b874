import { BellOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../../site/components/NoticeProvider';

/** Opens the announcement on demand. */
export function NoticeBell() {
  const { t } = useTranslation('layout');
  const { open } = useNotice();
  return (
    <Tooltip title={t('notice.title')}>
      <Button
        type="text"
        icon={<BellOutlined />}
        onClick={open}
        aria-label={t('notice.title')}
        data-testid="notice-bell"
      />
    </Tooltip>
  );
}
