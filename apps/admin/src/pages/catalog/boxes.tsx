import { List } from '@refinedev/antd';
import { useCan, useTranslate } from '@refinedev/core';
import type { AdminBox, AdminBoxDetailReply, AdminBoxesReply, AdminBoxPreviewReply } from '@sorte/contracts';
import { Alert, App, Button, Card, Descriptions, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { dateTime, money, percent } from '../../lib/format';
import { currentLocale } from '../../lib/locale';
import { errorText, rtpText } from './paths';

const STATUS_COLORS = { draft: 'default', published: 'green', retired: 'red' } as const;

/** A starting spec for a new box: the shape box:create reads (docs/boxes.md). */
const EXAMPLE = {
  name: 'nova-caixa',
  titles: { pt: 'Nova caixa', en: 'New box' },
  image: '/static/boxes/caixa-bronze.svg',
  price: 1000,
  sell_price: 800,
  prizes: [
    { names: { pt: 'R$ 5', en: 'R$ 5' }, kind: 'cash', value: 500, weight: 60 },
    { names: { pt: 'R$ 10', en: 'R$ 10' }, kind: 'cash', value: 1000, weight: 30 },
    { names: { pt: 'R$ 20', en: 'R$ 20' }, kind: 'cash', value: 2000, weight: 9 },
    { names: { pt: 'R$ 100', en: 'R$ 100' }, kind: 'cash', value: 10000, weight: 1 },
  ],
};

/** Mystery boxes: the list, a box's versions with the prize table, a draft with its RTP checked before publishing. */
export function BoxesPage() {
  const t = useTranslate();
  const { message, modal } = App.useApp();
  const canCreate = useCan({ resource: 'catalog-boxes', action: 'create' }).data?.can ?? false;
  const canUpdate = useCan({ resource: 'catalog-boxes', action: 'update' }).data?.can ?? false;
  const [rows, setRows] = useState<AdminBox[]>([]);
  const [loading, setLoading] = useState(true);
  const [open, setOpen] = useState<AdminBoxDetailReply | null>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const [preview, setPreview] = useState<AdminBoxPreviewReply | null>(null);
  const lang = currentLocale() === 'en' ? 'en' : 'pt';

  const load = useCallback(() => {
    setLoading(true);
    api<AdminBoxesReply>('/api/admin/catalog/boxes')
      .then((r) => setRows(r.data))
      .catch((e) => message.error(errorText(e)))
      .finally(() => setLoading(false));
  }, [message]);
  useEffect(() => load(), [load]);

  const show = async (id: number) => {
    try {
      setOpen(await api<AdminBoxDetailReply>(`/api/admin/catalog/boxes/${id}`));
    } catch (e) {
      message.error(errorText(e));
    }
  };
  const act = async (b: AdminBox, what: 'publish' | 'retire') => {
    try {
      await api(`/api/admin/catalog/boxes/${b.id}/${what}`, { method: 'POST' });
      message.success(t(`catalog.boxes.${what}ed`));
      load();
      if (open?.box.id === b.id) void show(b.id);
    } catch (e) {
      message.error(errorText(e));
    }
  };
  const parsed = (): unknown | null => {
    try {
      return JSON.parse(draft ?? '');
    } catch {
      message.error(t('catalog.boxes.badJson'));
      return null;
    }
  };
  const check = async () => {
    const spec = parsed();
    if (spec === null) return;
    try {
      setPreview(
        await api<AdminBoxPreviewReply>('/api/admin/catalog/boxes/preview', { method: 'POST', body: { spec } }),
      );
    } catch (e) {
      message.error(errorText(e));
    }
  };
  const save = async () => {
    const spec = parsed();
    if (spec === null) return;
    try {
      const r = await api<{ id: number; version: number }>('/api/admin/catalog/boxes', {
        method: 'POST',
        body: { spec },
      });
      message.success(t('catalog.boxes.saved', { version: r.version }));
      setDraft(null);
      setPreview(null);
      load();
      void show(r.id);
    } catch (e) {
      message.error(errorText(e));
    }
  };

  return (
    <List
      title={t('catalog.boxes.title')}
      breadcrumb={false}
      headerButtons={
        <Space wrap>
          {canCreate && (
            <Button
              type="primary"
              onClick={() => {
                setPreview(null);
                setDraft(JSON.stringify(EXAMPLE, null, 2));
              }}
            >
              {t('catalog.boxes.new')}
            </Button>
          )}
          <Button onClick={load}>{t('buttons.refresh')}</Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('catalog.boxes.help')}</Typography.Paragraph>
      <Table<AdminBox>
        size="middle"
        rowKey="id"
        loading={loading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: t('catalog.boxes.empty') }}
        columns={[
          {
            key: 'name',
            title: t('catalog.boxes.name'),
            render: (_, b) => (
              <Button type="link" style={{ padding: 0 }} onClick={() => show(b.id)}>
                {b.name}
              </Button>
            ),
          },
          {
            key: 'status',
            title: t('catalog.boxes.status'),
            render: (_, b) => (
              <Space size={4} wrap>
                <Tag color={STATUS_COLORS[b.status]}>{t(`catalog.boxes.statuses.${b.status}`)}</Tag>
                {b.draft && b.status !== 'draft' && <Tag>{t('catalog.boxes.pendingDraft')}</Tag>}
              </Space>
            ),
          },
          { key: 'version', title: t('catalog.boxes.version'), render: (_, b) => b.live_version ?? '—' },
          { key: 'price', title: t('catalog.boxes.price'), render: (_, b) => money(b.price) },
          { key: 'rtp', title: 'RTP', render: (_, b) => rtpText(b.rtp_e6) },
          { key: 'prizes', title: t('catalog.boxes.prizes'), dataIndex: 'prizes' },
          {
            key: 'actions',
            title: t('catalog.boxes.actions'),
            render: (_, b) =>
              canUpdate && (
                <Space wrap>
                  {(b.draft || b.status === 'retired') && (
                    <Button
                      size="small"
                      type="primary"
                      onClick={() =>
                        modal.confirm({
                          title: t('catalog.boxes.publishConfirm', { name: b.name }),
                          okText: t('catalog.boxes.publish'),
                          cancelText: t('buttons.cancel'),
                          onOk: () => act(b, 'publish'),
                        })
                      }
                    >
                      {t('catalog.boxes.publish')}
                    </Button>
                  )}
                  {b.status === 'published' && (
                    <Button
                      size="small"
                      danger
                      onClick={() =>
                        modal.confirm({
                          title: t('catalog.boxes.retireConfirm', { name: b.name }),
                          okText: t('catalog.boxes.retire'),
                          okButtonProps: { danger: true },
                          cancelText: t('buttons.cancel'),
                          onOk: () => act(b, 'retire'),
                        })
                      }
                    >
                      {t('catalog.boxes.retire')}
                    </Button>
                  )}
                </Space>
              ),
          },
        ]}
      />
      {open && (
        <Card
          style={{ marginTop: 16 }}
          title={`${open.box.titles[lang]} (${open.box.name})`}
          extra={<Button onClick={() => setOpen(null)}>{t('catalog.close')}</Button>}
        >
          {open.versions.map((v) => (
            <div key={v.version} style={{ marginBottom: 24 }}>
              <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }}>
                <Descriptions.Item label={t('catalog.boxes.version')}>
                  <Space size={6}>
                    {v.version}
                    {v.published_at ? (
                      open.box.live_version === v.version && <Tag color="green">{t('catalog.boxes.live')}</Tag>
                    ) : (
                      <Tag>{t('catalog.boxes.statuses.draft')}</Tag>
                    )}
                  </Space>
                </Descriptions.Item>
                <Descriptions.Item label={t('catalog.boxes.price')}>{money(v.price)}</Descriptions.Item>
                <Descriptions.Item label={t('catalog.boxes.sellPrice')}>{money(v.sell_price)}</Descriptions.Item>
                <Descriptions.Item label="RTP">{rtpText(v.rtp_e6)}</Descriptions.Item>
                {v.published_at && (
                  <Descriptions.Item label={t('catalog.boxes.publishedAt')}>
                    {dateTime(v.published_at)}
                  </Descriptions.Item>
                )}
              </Descriptions>
              <Table
                size="small"
                rowKey="position"
                pagination={false}
                scroll={{ x: true }}
                dataSource={v.prizes}
                columns={[
                  { key: 'name', title: t('catalog.boxes.prize'), render: (_, p) => p.names[lang] },
                  { key: 'kind', title: t('catalog.boxes.kind'), render: (_, p) => t(`catalog.boxes.kinds.${p.kind}`) },
                  { key: 'value', title: t('catalog.boxes.value'), render: (_, p) => money(p.value) },
                  {
                    key: 'tickets',
                    title: t('catalog.boxes.tickets'),
                    render: (_, p) => `${p.ticket_from.toLocaleString()}–${p.ticket_to.toLocaleString()}`,
                  },
                  {
                    key: 'chance',
                    title: t('catalog.boxes.chance'),
                    render: (_, p) => percent((p.ticket_to - p.ticket_from + 1) / 1000, 3),
                  },
                  {
                    key: 'rarity',
                    title: t('catalog.boxes.rarity'),
                    render: (_, p) => t(`catalog.boxes.rarities.${p.rarity}`),
                  },
                ]}
              />
            </div>
          ))}
        </Card>
      )}
      <Modal
        open={draft !== null}
        width={760}
        title={t('catalog.boxes.draftTitle')}
        onCancel={() => setDraft(null)}
        footer={
          <Space wrap>
            <Button onClick={() => setDraft(null)}>{t('buttons.cancel')}</Button>
            <Button onClick={check}>{t('catalog.boxes.check')}</Button>
            <Button type="primary" disabled={!preview?.ok} onClick={save}>
              {t('catalog.boxes.saveDraft')}
            </Button>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{t('catalog.boxes.draftHelp')}</Typography.Paragraph>
        <Input.TextArea
          aria-label={t('catalog.boxes.spec')}
          value={draft ?? ''}
          autoSize={{ minRows: 10, maxRows: 18 }}
          style={{ fontFamily: 'monospace', fontSize: 12 }}
          onChange={(e) => {
            setDraft(e.target.value);
            setPreview(null);
          }}
        />
        {preview && (
          <div style={{ marginTop: 12 }}>
            {preview.problem ? (
              <Alert type="error" showIcon message={t('catalog.boxes.refused')} description={preview.problem[lang]} />
            ) : (
              <Alert type="success" showIcon message={t('catalog.boxes.valid', { rtp: rtpText(preview.rtp_e6) })} />
            )}
            {preview.rtp_e6 !== null && preview.problem && (
              <Typography.Paragraph style={{ marginTop: 8 }}>RTP: {rtpText(preview.rtp_e6)}</Typography.Paragraph>
            )}
            {preview.ranges.length > 0 && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                {t('catalog.boxes.coverage')}: {preview.ranges.map((r) => `${r.from}–${r.to}`).join(', ')}
              </Typography.Paragraph>
            )}
          </div>
        )}
      </Modal>
    </List>
  );
}
