import type { UserBox } from '@sorte/contracts';
import { useState } from 'react';
import { formatDateTimeShort } from '../../../shared/lib/dates';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { formatMoney } from '../../../shared/lib/money';
import { Badge, Button, confirm, Page, PageHead, Panel, Skeleton, Tabs, toast } from '../../../shared/ui';
import { sellBox, useBoxHistory, useUnopenedBoxes } from '../api/inventory';
import { BoxArt } from '../components/art';
import { IconBox } from '../components/icons';
import { useAfterMoney } from '../lib/after-money';
import { failureOf } from '../lib/errors';
import '../locales/register';
import '../boxes.css';

type Group = { boxId: number; name: string; title: string; image: string; boxes: UserBox[] };

/** The unopened boxes by box, in the order the player first got them. */
function groupBoxes(boxes: UserBox[]): Group[] {
  const groups = new Map<number, Group>();
  for (const b of [...boxes].sort((x, y) => x.id - y.id)) {
    let g = groups.get(b.box_id);
    if (!g) {
      g = { boxId: b.box_id, name: b.name, title: b.title, image: b.image, boxes: [] };
      groups.set(b.box_id, g);
    }
    g.boxes.push(b);
  }
  return [...groups.values()];
}

/** /account/boxes: the player's unopened boxes grouped by box (open, sell), and the history of opened and sold ones. */
export default function AccountBoxesPage() {
  const t = useT();
  const locale = useLocale();
  const mine = useUnopenedBoxes();
  const [tab, setTab] = useState<'opened' | 'sold'>('opened');
  return (
    <Page className="bx-page" data-testid="account-boxes-page">
      <PageHead icon={IconBox} title={t('boxes.account.title')} intro={t('boxes.account.intro')} tone="primary" />
      <Panel title={t('boxes.account.unopened')} titleId="bx-unopened-title">
        {mine.isError ? (
          <Failed onRetry={() => void mine.refetch()} />
        ) : mine.isPending ? (
          <Skeleton variant="text" lines={3} height={64} />
        ) : mine.data.length === 0 ? (
          <div className="bx-empty">
            <p className="bx-muted" data-testid="boxes-empty">
              {t('boxes.account.unopenedEmpty')}
            </p>
            <Button to={localizePath('/casino/crates', locale)} size="sm">
              {t('boxes.account.browse')}
            </Button>
          </div>
        ) : (
          <ul className="bx-groups">
            {groupBoxes(mine.data).map((g) => (
              <GroupRow key={g.boxId} group={g} />
            ))}
          </ul>
        )}
      </Panel>
      <Panel title={t('boxes.account.history')} titleId="bx-history-title">
        <Tabs
          variant="segmented"
          value={tab}
          onChange={(id) => setTab(id as 'opened' | 'sold')}
          aria-label={t('boxes.account.history')}
          items={[
            { id: 'opened', label: t('boxes.account.opened') },
            { id: 'sold', label: t('boxes.account.sold') },
          ]}
        />
        <History key={tab} status={tab} />
      </Panel>
    </Page>
  );
}

function Failed({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <div className="bx-failed" role="alert">
      <p>{t('boxes.account.loadError')}</p>
      <Button size="sm" variant="outline" color="default" onClick={onRetry}>
        {t('boxes.box.retry')}
      </Button>
    </div>
  );
}

function GroupRow({ group }: { group: Group }) {
  const t = useT();
  const locale = useLocale();
  const afterMoney = useAfterMoney();
  const [selling, setSelling] = useState(false);
  // The newest bought box goes first; a granted one (sell price 0) is never offered.
  const sellable = group.boxes.filter((b) => b.sell_price > 0).sort((a, b) => b.id - a.id)[0];
  const sell = async () => {
    if (!sellable) return;
    const amount = formatMoney(sellable.sell_price, locale);
    const ok = await confirm({
      title: t('boxes.box.sellTitle'),
      text: t('boxes.box.sellText', { amount }),
      confirmLabel: t('boxes.box.sell', { amount }),
    });
    if (!ok) return;
    setSelling(true);
    try {
      const r = await sellBox(sellable.id);
      afterMoney(r.balance);
      toast.success(t('boxes.box.sold', { amount: formatMoney(r.data.amount, locale) }));
    } catch (err) {
      toast.error(failureOf(err).text);
    } finally {
      setSelling(false);
    }
  };
  const gifts = group.boxes.filter((b) => b.source !== 'purchase').length;
  return (
    <li className="bx-group" data-testid="boxes-group" data-box={group.name}>
      <BoxArt image={group.image} className="bx-group__art" />
      <div className="bx-group__text">
        <strong>{group.title}</strong>
        <span className="bx-muted" data-testid="boxes-group-count">
          {t('boxes.account.count', { count: group.boxes.length })}
        </span>
        {gifts > 0 && (
          <span className="bx-sub">
            {t('boxes.account.gift')}: {gifts}
            {!sellable && ` · ${t('boxes.account.granted')}`}
          </span>
        )}
      </div>
      <div className="bx-group__actions">
        <Button size="sm" to={localizePath(`/casino/box/${encodeURIComponent(group.name)}`, locale)}>
          {t('boxes.account.open')}
        </Button>
        {sellable && (
          <Button size="sm" variant="outline" color="default" loading={selling} onClick={() => void sell()}>
            {t('boxes.account.sellOne', { amount: formatMoney(sellable.sell_price, locale) })}
          </Button>
        )}
      </div>
    </li>
  );
}

function History({ status }: { status: 'opened' | 'sold' }) {
  const t = useT();
  const locale = useLocale();
  const list = useBoxHistory(status);
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  if (list.isError) return <Failed onRetry={() => void list.refetch()} />;
  if (list.isPending) return <Skeleton variant="text" lines={3} height={48} />;
  if (rows.length === 0) return <p className="bx-muted">{t('boxes.account.historyEmpty')}</p>;
  return (
    <>
      <ul className="bx-history" data-testid="boxes-history">
        {rows.map((b) => (
          <li key={b.id}>
            <BoxArt image={b.image} className="bx-history__art" />
            <span className="bx-history__text">
              <strong>{b.title}</strong>
              <span className="bx-sub">{formatDateTimeShort(b.created_at, locale)}</span>
            </span>
            <span className="bx-history__side">
              <Badge color={b.source === 'purchase' ? 'muted' : 'info'} size="sm">
                {t(`boxes.account.sources.${b.source}`)}
              </Badge>
              {b.price_paid > 0 && (
                <span className="bx-sub">{t('boxes.account.paid', { amount: formatMoney(b.price_paid, locale) })}</span>
              )}
            </span>
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <Button
          variant="outline"
          color="default"
          size="sm"
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {t('boxes.account.more')}
        </Button>
      )}
    </>
  );
}
