import { Alert, Button, Flex, List, Modal, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TestAllProgress } from '../hooks/use-test-all';

/** Progress of testing every channel: bar, counts, and each failure with its reason. */
export function TestAllDialog({
  open,
  progress,
  onStop,
  onClose,
}: {
  open: boolean;
  progress: TestAllProgress;
  onStop: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('channel');
  const percent = progress.total
    ? Math.round((progress.done / progress.total) * 100)
    : progress.running
      ? 0
      : 100;
  return (
    <Modal
      open={open}
      title={t('testAll.title')}
      onCancel={progress.running ? undefined : onClose}
      closable={!progress.running}
      mask={{ closable: !progress.running }}
      footer={
        progress.running ? (
          <Button danger onClick={onStop}>
            {t('testAll.stop')}
          </Button>
        ) : (
          <Button type="primary" onClick={onClose}>
            {t('common:actions.close')}
          </Button>
        )
      }
    >
      <Flex vertical gap={12} data-testid="test-all-dialog">
        <Progress
          percent={percent}
          status={progress.running ? 'active' : progress.failures.length ? 'exception' : 'success'}
        />
        <Typography.Text data-testid="test-all-counts">
          {t('testAll.counts', {
            done: progress.done,
            total: progress.total,
            passed: progress.passed,
            failed: progress.failures.length,
          })}
        </Typography.Text>
        {!progress.running && progress.done > 0 && progress.failures.length === 0 && (
          <Alert type="success" showIcon title={t('testAll.allPassed')} />
        )}
        {progress.failures.length > 0 && (
          <List
            size="small"
            bordered
            style={{ maxHeight: 240, overflow: 'auto' }}
            dataSource={progress.failures}
            renderItem={(f) => (
              <List.Item>
                <Typography.Text>
                  <Typography.Text strong>
                    #{f.id} {f.name}
                  </Typography.Text>
                  : {f.message}
                </Typography.Text>
              </List.Item>
            )}
          />
        )}
      </Flex>
    </Modal>
  );
}
