import { List } from '@refinedev/antd';
import { useCan, useTranslate } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import type { AdminCategoriesReply, AdminGame, AdminProvidersReply } from '@sorte/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { App, Button, Input, InputNumber, Select, Space, Switch, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { DataTable } from '../../components/data-table';
import { api } from '../../lib/api';
import { percent } from '../../lib/format';
import { currentLocale } from '../../lib/locale';
import { errorText, gamePages } from './paths';

type Filters = { q?: string; provider?: number; category?: string; enabled?: string; featured?: string };

/** The lobby's games: search and filters on the server, enable/disable, feature, lobby position. */
export function GamesPage() {
  const t = useTranslate();
  const { message } = App.useApp();
  const canUpdate = useCan({ resource: 'catalog-games', action: 'update' }).data?.can ?? false;
  const [filters, setFilters] = useState<Filters>({});
  const [providers, setProviders] = useState<AdminProvidersReply['data']>([]);
  const [categories, setCategories] = useState<AdminCategoriesReply['data']>([]);
  useEffect(() => {
    api<AdminProvidersReply>('/api/admin/catalog/providers').then(
      (r) => setProviders(r.data),
      () => {},
    );
    api<AdminCategoriesReply>('/api/admin/catalog/categories').then(
      (r) => setCategories(r.data),
      () => {},
    );
  }, []);
  const categoryName = (slug: string) => {
    const c = categories.find((x) => x.slug === slug);
    return c ? (currentLocale() === 'en' ? c.name_en : c.name_pt) : slug;
  };

  const refresh = () => {
    gamePages.clear();
    void table.refineCore.tableQuery.refetch();
  };
  const patch = async (g: AdminGame, body: Record<string, unknown>) => {
    try {
      await api(`/api/admin/catalog/games/${g.id}`, { method: 'PATCH', body });
      message.success(t('catalog.games.saved'));
      refresh();
    } catch (e) {
      message.error(errorText(e));
    }
  };

  const columns: ColumnDef<AdminGame>[] = [
    {
      id: 'title',
      header: t('catalog.games.game'),
      cell: ({ row }) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{row.original.title}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.original.provider_name} · {row.original.game_code}
          </Typography.Text>
        </Space>
      ),
    },
    {
      id: 'category',
      header: t('catalog.games.category'),
      cell: ({ row }) => categoryName(row.original.category),
    },
    { id: 'rtp', header: 'RTP', cell: ({ row }) => percent(row.original.rtp_bp / 100) },
    {
      id: 'enabled',
      header: t('catalog.games.enabled'),
      cell: ({ row }) => (
        <Switch
          size="small"
          checked={row.original.enabled}
          disabled={!canUpdate}
          aria-label={t('catalog.games.enabled')}
          onChange={(v) => patch(row.original, { enabled: v })}
        />
      ),
    },
    {
      id: 'featured',
      header: t('catalog.games.featured'),
      cell: ({ row }) => (
        <Space size={4} wrap>
          <Switch
            size="small"
            checked={row.original.featured}
            disabled={!canUpdate}
            aria-label={t('catalog.games.featured')}
            onChange={(v) => patch(row.original, { featured: v })}
          />
          {row.original.featured_home && <Tag color="gold">{t('catalog.games.home')}</Tag>}
        </Space>
      ),
    },
    {
      id: 'position',
      header: t('catalog.games.position'),
      cell: ({ row }) =>
        canUpdate ? (
          <InputNumber
            size="small"
            style={{ width: 90 }}
            aria-label={t('catalog.games.position')}
            defaultValue={row.original.position}
            onBlur={(e) => {
              const v = Number(e.target.value);
              if (Number.isInteger(v) && v !== row.original.position) void patch(row.original, { position: v });
            }}
          />
        ) : (
          row.original.position
        ),
    },
  ];

  const table = useTable<AdminGame>({
    columns,
    refineCoreProps: {
      resource: 'catalog-games',
      pagination: { pageSize: 25, mode: 'server' },
      filters: { mode: 'server' },
      sorters: { mode: 'off' },
      syncWithLocation: false,
    },
  });

  const apply = (next: Filters) => {
    setFilters(next);
    gamePages.clear();
    table.refineCore.setFilters(
      Object.entries(next)
        .filter(([, v]) => v !== undefined && v !== '')
        .map(([field, value]) => ({ field, operator: 'eq' as const, value })),
      'replace',
    );
    table.refineCore.setCurrentPage(1);
  };

  return (
    <List
      title={t('catalog.games.title')}
      breadcrumb={false}
      headerButtons={<Button onClick={refresh}>{t('buttons.refresh')}</Button>}
    >
      <Typography.Paragraph type="secondary">{t('catalog.games.help')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          aria-label={t('catalog.games.search')}
          placeholder={t('catalog.games.search')}
          style={{ width: 220 }}
          onSearch={(q) => apply({ ...filters, q: q || undefined })}
        />
        <Select
          allowClear
          aria-label={t('catalog.games.provider')}
          placeholder={t('catalog.games.provider')}
          style={{ width: 180 }}
          value={filters.provider}
          onChange={(v) => apply({ ...filters, provider: v })}
          options={providers.map((p) => ({ value: p.id, label: p.name }))}
        />
        <Select
          allowClear
          aria-label={t('catalog.games.category')}
          placeholder={t('catalog.games.category')}
          style={{ width: 160 }}
          value={filters.category}
          onChange={(v) => apply({ ...filters, category: v })}
          options={categories.map((c) => ({ value: c.slug, label: categoryName(c.slug) }))}
        />
        <Select
          allowClear
          aria-label={t('catalog.games.enabled')}
          placeholder={t('catalog.games.enabled')}
          style={{ width: 140 }}
          value={filters.enabled}
          onChange={(v) => apply({ ...filters, enabled: v })}
          options={[
            { value: 'true', label: t('catalog.yes') },
            { value: 'false', label: t('catalog.no') },
          ]}
        />
        <Select
          allowClear
          aria-label={t('catalog.games.featured')}
          placeholder={t('catalog.games.featured')}
          style={{ width: 140 }}
          value={filters.featured}
          onChange={(v) => apply({ ...filters, featured: v })}
          options={[
            { value: 'true', label: t('catalog.yes') },
            { value: 'false', label: t('catalog.no') },
          ]}
        />
      </Space>
      <DataTable table={table} rowKey="id" empty={t('catalog.games.empty')} />
    </List>
  );
}
