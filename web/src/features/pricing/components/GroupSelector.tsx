import { Button, Flex, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { groupColor } from '../../../lib/group-colors';

/** One group the caller may choose: its ratio and the administrator's explanation. */
export interface GroupOption {
  name: string;
  ratio: number;
  description: string;
}

/** The group picker of the pricing page, with each group's ratio and explanation. */
export function GroupSelector({
  groups,
  value,
  onChange,
}: {
  groups: GroupOption[];
  value: string | undefined;
  onChange: (group: string) => void;
}) {
  const { t } = useTranslation('pricing');
  const { token } = theme.useToken();
  return (
    <div>
      <Typography.Text strong>{t('groups.title')}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: token.marginSM }}>
        {t('groups.explanation')}
      </Typography.Paragraph>
      <Flex wrap gap={8} data-testid="pricing-groups">
        {groups.map((group) => {
          const active = group.name === value;
          return (
            <Button
              key={group.name}
              aria-pressed={active}
              onClick={() => onChange(group.name)}
              style={{
                height: 'auto',
                padding: '6px 10px',
                textAlign: 'left',
                whiteSpace: 'normal',
                maxWidth: 280,
                borderColor: active ? token.colorPrimary : undefined,
                background: active ? token.colorPrimaryBg : undefined,
              }}
            >
              <Flex vertical gap={2}>
                <Flex align="center" gap={6}>
                  <Tag color={groupColor(group.name)} style={{ marginInlineEnd: 0 }}>
                    {group.name}
                  </Tag>
                  <Typography.Text type="secondary">
                    {t('groups.ratio', { ratio: group.ratio })}
                  </Typography.Text>
                </Flex>
                {group.description && group.description !== group.name && (
                  <Typography.Text style={{ fontSize: token.fontSizeSM }}>
                    {group.description}
                  </Typography.Text>
                )}
              </Flex>
            </Button>
          );
        })}
      </Flex>
    </div>
  );
}
