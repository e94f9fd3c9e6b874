import { CalendarOutlined, CheckCircleFilled } from '@ant-design/icons';
import type { CheckinDay } from '@gateway/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Calendar, Card, Flex, Statistic, Tag, Typography, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { renderQuota, type QuotaDisplay } from '../../../lib/quota';
import { checkIn, fetchCheckin } from '../api';

type DayState = 'checkedIn' | 'missed' | 'waiting';

/** The last three days (the day before yesterday, yesterday, today) and how each stands. */
function lastThreeDays(today: string, recent: CheckinDay[]) {
  return [2, 1, 0].map((back) => {
    const date = dayjs(today).subtract(back, 'day').format('YYYY-MM-DD');
    const done = recent.find((d) => d.date === date);
    const state: DayState = done ? 'checkedIn' : back === 0 ? 'waiting' : 'missed';
    return { date, state, quota: done?.quota ?? 0 };
  });
}

const stateColor: Record<DayState, string> = {
  checkedIn: 'success',
  missed: 'default',
  waiting: 'processing',
};

/**
 * The daily check-in: this month's calendar with the days checked in, the button, the last
 * three days and the totals. Shown only while check-in is enabled.
 */
export function CheckinCard({ display }: { display: QuotaDisplay }) {
  const { t } = useTranslation('growth');
  const { token } = theme.useToken();
  const [month, setMonth] = useState(() => dayjs().format('YYYY-MM'));
  const client = useQueryClient();
  const status = useQuery({
    queryKey: ['checkin', month],
    queryFn: () => fetchCheckin(month),
  });
  const done = useMutation({
    mutationFn: checkIn,
    onSuccess: (day) => {
      notify.success(t('checkin.done', { amount: renderQuota(day.quota, display) }));
      void client.invalidateQueries({ queryKey: ['checkin'] });
      void client.invalidateQueries({ queryKey: ['self'] });
    },
  });
  const data = status.data;
  if (data && !data.enabled) return null;
  const checked = new Map((data?.days ?? []).map((d) => [d.date, d.quota]));

  const cell = (date: Dayjs) => {
    const quota = checked.get(date.format('YYYY-MM-DD'));
    return (
      <Flex
        vertical
        align="center"
        justify="center"
        data-checked={quota !== undefined || undefined}
        style={{
          height: 34,
          borderRadius: token.borderRadiusSM,
          background: quota !== undefined ? token.colorSuccessBg : undefined,
        }}
      >
        <span>{date.date()}</span>
        {quota !== undefined && (
          <CheckCircleFilled style={{ color: token.colorSuccess, fontSize: 10 }} />
        )}
      </Flex>
    );
  };

  return (
    <Card
      title={
        <Flex gap={8} align="center">
          <CalendarOutlined />
          {t('checkin.title')}
        </Flex>
      }
      extra={
        <Button
          type="primary"
          disabled={!data || data.checked_in_today}
          loading={done.isPending}
          onClick={() => done.mutate()}
          data-testid="checkin-button"
        >
          {data?.checked_in_today ? t('checkin.doneToday') : t('checkin.action')}
        </Button>
      }
      data-testid="checkin-card"
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          {t('checkin.range', {
            min: renderQuota(data?.min_quota ?? 0, display),
            max: renderQuota(data?.max_quota ?? 0, display),
          })}
        </Typography.Text>
        <Flex gap={8} wrap data-testid="checkin-recent">
          {data &&
            lastThreeDays(data.today, data.recent).map((d) => (
              <Tag key={d.date} color={stateColor[d.state]}>
                {dayjs(d.date).format('MM-DD')} · {t(`checkin.state.${d.state}`)}
                {d.state === 'checkedIn' ? ` +${renderQuota(d.quota, display)}` : ''}
              </Tag>
            ))}
        </Flex>
        <Calendar
          fullscreen={false}
          value={dayjs(`${month}-01`)}
          onPanelChange={(value) => setMonth(value.format('YYYY-MM'))}
          onSelect={(value, info) => {
            if (info.source !== 'date') setMonth(value.format('YYYY-MM'));
          }}
          fullCellRender={(date, info) => (info.type === 'date' ? cell(date) : info.originNode)}
          disabledDate={(date) => date.isAfter(dayjs(), 'day')}
        />
        <Flex gap={32} wrap>
          <Statistic title={t('checkin.totalDays')} value={data?.total_days ?? 0} />
          <Statistic
            title={t('checkin.totalQuota')}
            value={renderQuota(data?.total_quota ?? 0, display)}
          />
        </Flex>
      </Flex>
    </Card>
  );
}
