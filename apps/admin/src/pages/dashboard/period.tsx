import { useTranslate } from '@refinedev/core';
import { DatePicker, Grid, InputNumber, Segmented, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { currentSession } from '../../lib/providers';

/** The figures' calendar: days in America/Sao_Paulo, as the server's rollups count them. */
export const STATS_TIME_ZONE = 'America/Sao_Paulo';

export function saoPauloToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: STATS_TIME_ZONE, dateStyle: 'short' }).format(now);
}

function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}

export type PeriodKind = 'today' | '7d' | '30d' | 'custom';
export type Period = { kind: PeriodKind; from: string; to: string; tenant?: number };

export function periodOf(kind: Exclude<PeriodKind, 'custom'>): Period {
  const today = saoPauloToday();
  if (kind === 'today') return { kind, from: today, to: today };
  return { kind, from: daysBefore(today, kind === '7d' ? 6 : 29), to: today };
}

/** Today, 7 days, 30 days or a custom range; platform staff also pick a tenant (empty: all). */
export function PeriodPicker({
  value,
  onChange,
  withToday = true,
}: {
  value: Period;
  onChange: (p: Period) => void;
  withToday?: boolean;
}) {
  const t = useTranslate();
  const platform = currentSession()?.staff.tenant_id === null;
  const kinds: PeriodKind[] = withToday ? ['today', '7d', '30d', 'custom'] : ['7d', '30d', 'custom'];
  return (
    <Space wrap>
      <Segmented<PeriodKind>
        aria-label={t('dashboard.period.label')}
        value={value.kind}
        options={kinds.map((k) => ({ value: k, label: t(`dashboard.period.${k}`) }))}
        onChange={(k) =>
          onChange(
            k === 'custom'
              ? { ...value, kind: 'custom' }
              : { ...periodOf(k), ...(value.tenant ? { tenant: value.tenant } : {}) },
          )
        }
      />
      {value.kind === 'custom' && (
        <DatePicker.RangePicker
          allowClear={false}
          value={[dayjs(value.from), dayjs(value.to)]}
          disabledDate={(d: Dayjs) => d.isAfter(dayjs().add(1, 'day'))}
          onChange={(r) => {
            if (r?.[0] && r[1]) onChange({ ...value, from: r[0].format('YYYY-MM-DD'), to: r[1].format('YYYY-MM-DD') });
          }}
        />
      )}
      {platform && (
        <InputNumber
          aria-label={t('dashboard.tenant')}
          placeholder={t('dashboard.allTenants')}
          min={1}
          style={{ width: 150 }}
          value={value.tenant ?? null}
          onChange={(v) => onChange({ ...value, tenant: typeof v === 'number' ? v : undefined })}
        />
      )}
    </Space>
  );
}

/**
 * A page's title and its controls on one row that wraps; below the sider's breakpoint the shell's menu button sits
 * over the top-left corner, so the title moves clear of it.
 */
export function PageHeading({ title, children }: { title: string; children: ReactNode }) {
  const screens = Grid.useBreakpoint();
  return (
    <div
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 12,
        alignItems: 'center',
        justifyContent: 'space-between',
        paddingLeft: screens.lg ? 0 : 44,
      }}
    >
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </div>
  );
}
