import { List } from '@refinedev/antd';
import { useCan, useTranslate } from '@refinedev/core';
import { type AdminGame, type AdminGamesReply, type AdminProvidersReply, ORIGINALS_LIMITS } from '@sorte/contracts';
import { App, Button, Card, Descriptions, Switch, Table, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { money, percent } from '../../lib/format';
import { errorText } from './paths';

/**
 * Sorte Originals on this platform: each game's RTP and whether it is in the lobby, and the bet limits. The limits
 * and house edges are the same for every tenant (they are part of the games' published fairness), so they are
 * shown, not edited; a game is enabled or disabled here as on the Games screen.
 */
export function OriginalsPage() {
  const t = useTranslate();
  const { message } = App.useApp();
  const canUpdate = useCan({ resource: 'catalog-games', action: 'update' }).data?.can ?? false;
  const [rows, setRows] = useState<AdminGame[]>([]);
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const providers = await api<AdminProvidersReply>('/api/admin/catalog/providers');
      const originals = providers.data.find((p) => p.protocol === 'originals');
      const games = originals
        ? await api<AdminGamesReply>('/api/admin/catalog/games', { query: { provider: originals.id, limit: 100 } })
        : { data: [] };
      setRows(games.data);
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setLoading(false);
    }
  }, [message]);
  useEffect(() => {
    void load();
  }, [load]);

  const toggle = async (g: AdminGame, enabled: boolean) => {
    try {
      await api(`/api/admin/catalog/games/${g.id}`, { method: 'PATCH', body: { enabled } });
      message.success(t('catalog.games.saved'));
      void load();
    } catch (e) {
      message.error(errorText(e));
    }
  };

  return (
    <List
      title={t('catalog.originals.title')}
      breadcrumb={false}
      headerButtons={<Button onClick={() => void load()}>{t('buttons.refresh')}</Button>}
    >
      <Typography.Paragraph type="secondary">{t('catalog.originals.help')}</Typography.Paragraph>
      <Card size="small" title={t('catalog.originals.limits')} style={{ marginBottom: 16 }}>
        <Descriptions size="small" column={{ xs: 1, sm: 1, md: 1, lg: 3, xl: 3, xxl: 3 }}>
          <Descriptions.Item label={t('catalog.originals.minBet')}>{money(ORIGINALS_LIMITS.minBet)}</Descriptions.Item>
          <Descriptions.Item label={t('catalog.originals.maxBet')}>{money(ORIGINALS_LIMITS.maxBet)}</Descriptions.Item>
          <Descriptions.Item label={t('catalog.originals.maxWin')}>
            <span style={{ whiteSpace: 'nowrap' }}>{money(ORIGINALS_LIMITS.maxWin)}</span>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Table<AdminGame>
        size="middle"
        rowKey="id"
        loading={loading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: t('catalog.games.empty') }}
        columns={[
          { key: 'title', title: t('catalog.games.game'), dataIndex: 'title' },
          { key: 'code', title: t('catalog.providers.code'), dataIndex: 'game_code' },
          {
            key: 'edge',
            title: t('catalog.originals.edge'),
            render: (_, g) => percent((10_000 - g.rtp_bp) / 100),
          },
          { key: 'rtp', title: 'RTP', render: (_, g) => percent(g.rtp_bp / 100) },
          {
            key: 'enabled',
            title: t('catalog.games.enabled'),
            render: (_, g) => (
              <Switch
                size="small"
                checked={g.enabled}
                disabled={!canUpdate}
                aria-label={t('catalog.games.enabled')}
                onChange={(v) => toggle(g, v)}
              />
            ),
          },
        ]}
      />
    </List>
  );
}
