import { CopyOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCopy } from './use-copy';

/** A button that copies `text`, with the manual fallback dialog. */
export function CopyButton({ text, ...props }: { text: string } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation();
  const copy = useCopy();
  return (
    <Button icon={<CopyOutlined />} onClick={() => void copy(text)} {...props}>
      {props.children ?? t('actions.copy')}
    </Button>
  );
}
