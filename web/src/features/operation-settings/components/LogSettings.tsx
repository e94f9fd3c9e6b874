import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  InputNumber,
  Popconfirm,
  Row,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteLogsBefore } from '../api';
import { useOperationSave } from '../hooks/use-operation-save';

/** Log retention (days, 0 = forever) and deleting old logs now. */
export function LogSettings({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('operation');
  const { message } = App.useApp();
  const { save, saving } = useOperationSave();
  const [days, setDays] = useState<number | null>(Number(options.LogRetentionDays ?? 0));
  const [before, setBefore] = useState<Dayjs | null>(null);
  const [deleting, setDeleting] = useState(false);
  const submit = () => {
    const changes: Array<[string, string]> = [];
    if ('LogRetentionDays' in options && String(days ?? 0) !== options.LogRetentionDays)
      changes.push(['LogRetentionDays', String(days ?? 0)]);
    void save(changes).catch(() => undefined);
  };
  const remove = async () => {
    if (!before) return;
    setDeleting(true);
    try {
      const count = await deleteLogsBefore(before.unix());
      void message.success(t('logs.deleted', { count }));
    } finally {
      setDeleting(false);
    }
  };
  return (
    <Card title={t('logs.title')} data-testid="operation-logs">
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Flex vertical gap={8}>
            <Typography.Text strong>{t('logs.retention')}</Typography.Text>
            <InputNumber
              min={0}
              max={36500}
              precision={0}
              value={days}
              onChange={setDays}
              suffix={t('logs.days')}
              style={{ width: 200 }}
            />
            <Typography.Text type="secondary">{t('logs.retentionHint')}</Typography.Text>
            <div>
              <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={submit}>
                {t('save')}
              </Button>
            </div>
          </Flex>
        </Col>
        <Col xs={24} md={12}>
          <Flex vertical gap={8}>
            <Typography.Text strong>{t('logs.deleteTitle')}</Typography.Text>
            <DatePicker
              showTime
              value={before}
              onChange={setBefore}
              placeholder={t('logs.before')}
              style={{ width: 240, maxWidth: '100%' }}
            />
            <div>
              <Popconfirm
                title={t('logs.deleteConfirm')}
                onConfirm={() => void remove()}
                disabled={!before}
              >
                <Button danger icon={<DeleteOutlined />} disabled={!before} loading={deleting}>
                  {t('logs.delete')}
                </Button>
              </Popconfirm>
            </div>
          </Flex>
        </Col>
      </Row>
    </Card>
  );
}
