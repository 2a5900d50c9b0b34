import { useCan, useTranslate } from '@refinedev/core';
import {
  type AdminBetsReply,
  type AdminBonusesReply,
  type AdminKycReply,
  type AdminLedgerReply,
  type AdminLimitsReply,
  type AdminMissionsReply,
  type AdminNotesReply,
  type AdminPlayerReply,
  type AdminSessionsReply,
  BET_PRODUCTS,
  type BetProduct,
} from '@sorte/contracts';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Input,
  Segmented,
  Space,
  Spin,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useStepUp } from '../../components/step-up';
import { api } from '../../lib/api';
import { dateTime, money } from '../../lib/format';
import { PlayerActions } from './actions';
import { PLAYER_PATHS } from './api';
import { StatusTag } from './status';

type Page<T> = { data: T[]; next_cursor: string | null };

/** One tab's rows, a page at a time ("More" follows next_cursor); `version` reloads from the first page. */
function useCursorList<T>(path: string, query: Record<string, string>, version: number) {
  const [rows, setRows] = useState<T[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(query);
  const load = useCallback(
    async (cursor?: string) => {
      setLoading(true);
      setError(null);
      try {
        const r = await api<Page<T>>(path, { query: { ...JSON.parse(key), limit: 20, cursor } });
        setRows((old) => (cursor ? [...old, ...r.data] : r.data));
        setNext(r.next_cursor);
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
      } finally {
        setLoading(false);
      }
    },
    [path, key],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: version forces a reload from the first page
  useEffect(() => {
    void load();
  }, [load, version]);
  return { rows, loading, error, more: next ? () => load(next) : null };
}

function TabTable<T extends object>({
  path,
  query = {},
  columns,
  version,
}: {
  path: string;
  query?: Record<string, string>;
  columns: ColumnsType<T>;
  version: number;
}) {
  const t = useTranslate();
  const list = useCursorList<T>(path, query, version);
  return (
    <>
      {list.error && <Alert type="error" showIcon message={list.error} style={{ marginBottom: 12 }} />}
      <Table<T>
        size="small"
        rowKey={(r) => String((r as { id?: number }).id ?? JSON.stringify(r))}
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('players.tabEmpty') }}
      />
      {list.more && (
        <Button style={{ marginTop: 12 }} onClick={() => void list.more?.()}>
          {t('players.more')}
        </Button>
      )}
    </>
  );
}

const signed = (v: number) => (v === 0 ? '—' : `${v > 0 ? '+' : '−'}${money(Math.abs(v))}`);

/** A player's page: the header (profile, wallet, KYC, VIP, risk flags), the acts the role may do, and the tabs. */
export function PlayerPage() {
  const t = useTranslate();
  const id = Number(useParams().id);
  const [player, setPlayer] = useState<AdminPlayerReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const [product, setProduct] = useState<BetProduct>('casino');
  const stepUp = useStepUp();
  const readWallet = useCan({ resource: 'player-wallet', action: 'list' }).data?.can ?? false;
  const readBonus = useCan({ resource: 'player-bonuses', action: 'list' }).data?.can ?? false;
  const readKyc = useCan({ resource: 'player-kyc', action: 'list' }).data?.can ?? false;
  const readLimits = useCan({ resource: 'player-limits', action: 'list' }).data?.can ?? false;

  const reload = useCallback(async () => {
    try {
      setPlayer(await api<AdminPlayerReply>(PLAYER_PATHS.one(id)));
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
    setVersion((v) => v + 1);
  }, [id]);
  useEffect(() => {
    void reload();
  }, [reload]);

  if (error && !player)
    return (
      <Card>
        <Alert type="error" showIcon message={error} />
        <Link to="/players">{t('players.back')}</Link>
      </Card>
    );
  if (!player) return <Spin style={{ margin: 48 }} />;
  const p = player.player;

  const tabs = [
    readWallet && {
      key: 'ledger',
      label: t('players.tabs.ledger'),
      children: (
        <TabTable<AdminLedgerReply['data'][number]>
          path={PLAYER_PATHS.tab(id, 'ledger')}
          version={version}
          columns={[
            { title: '#', dataIndex: 'id' },
            { title: t('players.when'), render: (_, r) => dateTime(r.created_at) },
            { title: t('players.type'), render: (_, r) => t(`players.ledgerTypes.${r.type}`, r.type) },
            { title: t('players.reference'), dataIndex: 'reference' },
            { title: t('players.cash'), align: 'right', render: (_, r) => signed(r.cash) },
            { title: t('players.bonus'), align: 'right', render: (_, r) => signed(r.bonus) },
          ]}
        />
      ),
    },
    {
      key: 'bets',
      label: t('players.tabs.bets'),
      children: (
        <>
          <Segmented
            style={{ marginBottom: 12 }}
            value={product}
            onChange={(v) => setProduct(v as BetProduct)}
            options={BET_PRODUCTS.map((b) => ({ value: b, label: t(`players.products.${b}`) }))}
          />
          <TabTable<AdminBetsReply['data'][number]>
            path={PLAYER_PATHS.tab(id, 'bets')}
            query={{ product }}
            version={version}
            columns={[
              { title: '#', dataIndex: 'id' },
              { title: t('players.when'), render: (_, r) => dateTime(r.created_at) },
              { title: t('players.game'), dataIndex: 'game' },
              { title: t('players.stake'), align: 'right', render: (_, r) => money(r.stake) },
              { title: t('players.payout'), align: 'right', render: (_, r) => money(r.payout) },
              {
                title: t('players.status'),
                render: (_, r) => <Tag>{t(`players.betStatuses.${r.status}`, r.status)}</Tag>,
              },
            ]}
          />
        </>
      ),
    },
    readBonus && {
      key: 'bonuses',
      label: t('players.tabs.bonuses'),
      children: (
        <TabTable<AdminBonusesReply['data'][number]>
          path={PLAYER_PATHS.tab(id, 'bonuses')}
          version={version}
          columns={[
            { title: '#', dataIndex: 'id' },
            { title: t('players.offer'), dataIndex: 'offer' },
            { title: t('players.status'), render: (_, r) => <Tag>{t(`players.bonusStates.${r.state}`, r.state)}</Tag> },
            { title: t('players.amount'), align: 'right', render: (_, r) => money(r.amount) },
            {
              title: t('players.wagering'),
              render: (_, r) => `${money(r.wagering_done)} / ${money(r.wagering_required)}`,
            },
            { title: t('players.when'), render: (_, r) => dateTime(r.created_at) },
          ]}
        />
      ),
    },
    {
      key: 'missions',
      label: t('players.tabs.missions'),
      children: (
        <TabTable<AdminMissionsReply['data'][number]>
          path={PLAYER_PATHS.tab(id, 'missions')}
          version={version}
          columns={[
            { title: t('players.mission'), dataIndex: 'mission' },
            {
              title: t('players.status'),
              render: (_, r) => <Tag>{t(`players.missionStates.${r.state}`, r.state)}</Tag>,
            },
            { title: t('players.progress'), render: (_, r) => `${r.progress} / ${r.target}` },
            { title: t('players.endsAt'), render: (_, r) => (r.ends_at ? dateTime(r.ends_at) : '—') },
          ]}
        />
      ),
    },
    readLimits && {
      key: 'limits',
      label: t('players.tabs.limits'),
      children: <LimitsTab id={id} version={version} />,
    },
    readKyc && {
      key: 'kyc',
      label: t('players.tabs.kyc'),
      children: <KycTab id={id} version={version} />,
    },
    {
      key: 'sessions',
      label: t('players.tabs.sessions'),
      children: (
        <TabTable<AdminSessionsReply['data'][number]>
          path={PLAYER_PATHS.tab(id, 'sessions')}
          version={version}
          columns={[
            { title: t('players.started'), render: (_, r) => dateTime(r.created_at) },
            { title: t('players.lastUsed'), render: (_, r) => dateTime(r.last_used_at) },
            { title: 'IP', render: (_, r) => r.ip ?? '—' },
            {
              title: t('players.device'),
              render: (_, r) => (
                <Typography.Text ellipsis style={{ maxWidth: 280 }} title={r.user_agent ?? ''}>
                  {r.user_agent ?? '—'}
                </Typography.Text>
              ),
            },
            {
              title: t('players.status'),
              render: (_, r) => (
                <Tag color={r.live ? 'green' : 'default'}>{t(r.live ? 'players.live' : 'players.ended')}</Tag>
              ),
            },
          ]}
        />
      ),
    },
    {
      key: 'notes',
      label: t('players.tabs.notes'),
      children: <NotesTab id={id} version={version} onAdded={() => void reload()} />,
    },
  ].filter(Boolean) as { key: string; label: string; children: React.ReactNode }[];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card>
        <Flex wrap justify="space-between" align="center" gap={12} style={{ marginBottom: 16 }}>
          <Space wrap>
            <Link to="/players">{t('players.back')}</Link>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {p.first_name} {p.last_name} <Typography.Text type="secondary">#{p.id}</Typography.Text>
            </Typography.Title>
            <StatusTag status={p.status} />
          </Space>
          <PlayerActions player={player} stepUp={stepUp} onDone={() => void reload()} />
        </Flex>
        {player.risk_flags.length > 0 && (
          <Space wrap style={{ marginBottom: 12 }}>
            <Typography.Text strong>{t('players.riskFlags')}:</Typography.Text>
            {player.risk_flags.map((f) => (
              <Tag key={f.code} color={f.code === 'unverified_contacts' ? 'gold' : 'red'}>
                {t(`players.flags.${f.code}`, { n: f.detail ?? '' })}
              </Tag>
            ))}
          </Space>
        )}
        <Descriptions size="small" bordered column={{ xs: 1, sm: 1, md: 2, lg: 3 }}>
          <Descriptions.Item label={t('players.email')}>
            {p.email} {!p.email_verified && <Tag color="gold">{t('players.unverified')}</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label={t('players.phone')}>
            {p.phone} {!p.phone_verified && <Tag color="gold">{t('players.unverified')}</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label="CPF">{p.cpf ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('players.birth')}>{p.birth_date ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('players.language')}>
            {p.language === 'en' ? 'English' : 'Português'}
          </Descriptions.Item>
          <Descriptions.Item label={t('players.since')}>{dateTime(p.created_at)}</Descriptions.Item>
          {player.wallet && (
            <Descriptions.Item label={t('players.wallet')}>
              <Space wrap>
                <Typography.Text strong>{money(player.wallet.cash)}</Typography.Text>
                <Typography.Text type="secondary">
                  + {money(player.wallet.bonus)} {t('players.bonusWord')}
                </Typography.Text>
                {player.wallet.pending > 0 && (
                  <Typography.Text type="secondary">
                    ({money(player.wallet.pending)} {t('players.pendingWord')})
                  </Typography.Text>
                )}
              </Space>
            </Descriptions.Item>
          )}
          <Descriptions.Item label="KYC">
            <Tag
              color={player.kyc_status === 'approved' ? 'green' : player.kyc_status === 'rejected' ? 'red' : 'default'}
            >
              {t(`players.kycStatuses.${player.kyc_status}`)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label="VIP">
            {t('players.vipLevel', { level: player.vip.level, points: player.vip.points })}
          </Descriptions.Item>
          {p.blocked_at && (
            <Descriptions.Item label={t('players.blockedAt')}>
              {dateTime(p.blocked_at)} — {p.blocked_reason}
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <Card>
        <Tabs items={tabs} destroyOnHidden />
      </Card>
      {stepUp.modal}
    </Space>
  );
}

function LimitsTab({ id, version }: { id: number; version: number }) {
  const t = useTranslate();
  const [data, setData] = useState<AdminLimitsReply | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version reloads
  useEffect(() => {
    void api<AdminLimitsReply>(PLAYER_PATHS.tab(id, 'limits')).then(setData);
  }, [id, version]);
  if (!data) return <Spin />;
  const amount = (kind: string, v: number | null) =>
    v === null ? t('players.noLimit') : kind === 'time' ? t('players.minutes', { n: v }) : money(v);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Table
        size="small"
        rowKey={(r) => `${r.kind}-${r.period}`}
        pagination={false}
        dataSource={data.limits}
        locale={{ emptyText: t('players.noLimits') }}
        columns={[
          { title: t('players.limitKind'), render: (_, r) => t(`players.limitKinds.${r.kind}`) },
          { title: t('players.period'), render: (_, r) => t(`players.periods.${r.period}`) },
          { title: t('players.amount'), render: (_, r) => amount(r.kind, r.amount) },
          {
            title: t('players.pendingChange'),
            render: (_, r) =>
              r.pending_effective_at
                ? t('players.pendingFrom', {
                    amount: amount(r.kind, r.pending_amount),
                    at: dateTime(r.pending_effective_at),
                  })
                : '—',
          },
        ]}
      />
      <Typography.Title level={5}>{t('players.restrictions')}</Typography.Title>
      {data.restrictions.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('players.noRestrictions')} />
      ) : (
        <Table
          size="small"
          rowKey={(r) => `${r.reason}-${r.start_at}`}
          pagination={false}
          dataSource={data.restrictions}
          columns={[
            { title: t('players.reason'), render: (_, r) => t(`players.restrictionReasons.${r.reason}`, r.reason) },
            { title: t('players.started'), render: (_, r) => dateTime(r.start_at) },
            { title: t('players.endsAt'), render: (_, r) => (r.end_at ? dateTime(r.end_at) : t('players.indefinite')) },
          ]}
        />
      )}
    </Space>
  );
}

function KycTab({ id, version }: { id: number; version: number }) {
  const t = useTranslate();
  const [data, setData] = useState<AdminKycReply | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version reloads
  useEffect(() => {
    void api<AdminKycReply>(PLAYER_PATHS.tab(id, 'kyc')).then(setData);
  }, [id, version]);
  if (!data) return <Spin />;
  return (
    <Table
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={data.documents}
      locale={{ emptyText: t('players.noDocuments') }}
      columns={[
        { title: t('players.document'), render: (_, r) => t(`players.documents.${r.type}`, r.type) },
        { title: t('players.status'), render: (_, r) => <Tag>{t(`players.kycStatuses.${r.status}`, r.status)}</Tag> },
        { title: t('players.sent'), render: (_, r) => dateTime(r.created_at) },
        { title: t('players.reviewed'), render: (_, r) => (r.reviewed_at ? dateTime(r.reviewed_at) : '—') },
        { title: t('players.reason'), render: (_, r) => r.reject_reason ?? '—' },
      ]}
    />
  );
}

function NotesTab({ id, version, onAdded }: { id: number; version: number; onAdded: () => void }) {
  const t = useTranslate();
  const canWrite = useCan({ resource: 'players', action: 'update' }).data?.can ?? false;
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = async () => {
    setBusy(true);
    setError(null);
    try {
      await api(PLAYER_PATHS.act(id, 'notes'), { method: 'POST', body: { body: body.trim() } });
      setBody('');
      onAdded();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {canWrite && (
        <Space.Compact style={{ width: '100%', maxWidth: 720 }}>
          <Input.TextArea
            aria-label={t('players.notePlaceholder')}
            placeholder={t('players.notePlaceholder')}
            rows={2}
            maxLength={2000}
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
          <Button
            type="primary"
            loading={busy}
            disabled={!body.trim()}
            onClick={() => void add()}
            style={{ height: 'auto' }}
          >
            {t('players.addNote')}
          </Button>
        </Space.Compact>
      )}
      {error && <Alert type="error" showIcon message={error} />}
      <TabTable<AdminNotesReply['data'][number]>
        path={PLAYER_PATHS.tab(id, 'notes')}
        version={version}
        columns={[
          { title: t('players.when'), render: (_, r) => dateTime(r.created_at) },
          { title: t('players.author'), render: (_, r) => r.author.replace(/^staff:\d+ /, '') },
          {
            title: t('players.note'),
            render: (_, r) => (
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{r.body}</Typography.Paragraph>
            ),
          },
        ]}
      />
    </Space>
  );
}
