import type { UserPrize } from '@sorte/contracts';
import { useState } from 'react';
import { formatDateTimeShort } from '../../../shared/lib/dates';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { formatMoney } from '../../../shared/lib/money';
import { Badge, Button, confirm, Page, PageHead, Panel, Skeleton, Tabs, toast } from '../../../shared/ui';
import { type PrizeFilter, sellPrize, usePrizes } from '../api/prizes';
import { PrizeArt } from '../components/art';
import { IconGem } from '../components/icons';
import { useAfterMoney } from '../lib/after-money';
import { failureOf } from '../lib/errors';
import '../locales/register';
import '../boxes.css';

const STATUS_COLOR = { credited: 'success', granted: 'info', kept: 'warning', sold: 'muted' } as const;

/** /account/items: the prizes the player won, page by page; a kept collectible sells back once, after a confirmation. */
export default function AccountItemsPage() {
  const t = useT();
  const locale = useLocale();
  const [filter, setFilter] = useState<PrizeFilter>('all');
  const [page, setPage] = useState(1);
  const list = usePrizes(filter, page);
  const data = list.data;
  return (
    <Page className="bx-page" data-testid="account-items-page">
      <PageHead icon={IconGem} title={t('boxes.items.title')} intro={t('boxes.items.intro')} tone="primary" />
      <Panel>
        <Tabs
          variant="segmented"
          value={filter}
          onChange={(id) => {
            setFilter(id as PrizeFilter);
            setPage(1);
          }}
          aria-label={t('boxes.items.title')}
          items={[
            { id: 'all', label: t('boxes.items.all') },
            { id: 'kept', label: t('boxes.items.kept') },
            { id: 'sold', label: t('boxes.items.sold') },
          ]}
        />
        {list.isError ? (
          <div className="bx-failed" role="alert">
            <p>{t('boxes.account.loadError')}</p>
            <Button size="sm" variant="outline" color="default" onClick={() => void list.refetch()}>
              {t('boxes.box.retry')}
            </Button>
          </div>
        ) : !data ? (
          <Skeleton variant="text" lines={4} height={64} />
        ) : data.data.length === 0 ? (
          <div className="bx-empty">
            <p className="bx-muted" data-testid="items-empty">
              {t('boxes.items.empty')}
            </p>
            <Button to={localizePath('/casino/crates', locale)} size="sm">
              {t('boxes.account.browse')}
            </Button>
          </div>
        ) : (
          <>
            <ul className="bx-items" data-testid="items-list" aria-busy={list.isFetching || undefined}>
              {data.data.map((p) => (
                <Item key={p.id} prize={p} />
              ))}
            </ul>
            {data.last_page > 1 && (
              <nav className="bx-pager" aria-label={t('boxes.items.pages')}>
                <Button
                  size="sm"
                  variant="outline"
                  color="default"
                  disabled={page <= 1}
                  onClick={() => setPage((p) => Math.max(1, p - 1))}
                >
                  {t('boxes.items.prev')}
                </Button>
                <span>{t('boxes.items.page', { page: data.current_page, pages: data.last_page })}</span>
                <Button
                  size="sm"
                  variant="outline"
                  color="default"
                  disabled={page >= data.last_page}
                  onClick={() => setPage((p) => p + 1)}
                >
                  {t('boxes.items.next')}
                </Button>
              </nav>
            )}
          </>
        )}
      </Panel>
    </Page>
  );
}

function Item({ prize }: { prize: UserPrize }) {
  const t = useT();
  const locale = useLocale();
  const afterMoney = useAfterMoney();
  const [selling, setSelling] = useState(false);
  const amount = formatMoney(prize.value, locale);
  const sell = async () => {
    const ok = await confirm({
      title: t('boxes.items.sellTitle', { name: prize.name }),
      text: t('boxes.items.sellText', { amount }),
      confirmLabel: t('boxes.items.sell', { amount }),
    });
    if (!ok) return;
    setSelling(true);
    try {
      const r = await sellPrize(prize.id);
      afterMoney(r.balance);
      toast.success(t('boxes.items.soldToast', { name: prize.name, amount: formatMoney(r.data.amount, locale) }));
    } catch (err) {
      toast.error(failureOf(err).text);
    } finally {
      setSelling(false);
    }
  };
  return (
    <li className={`bx-item bx-r-${prize.rarity}`} data-testid="item" data-status={prize.status}>
      <PrizeArt image={prize.image} kind={prize.kind} rarity={prize.rarity} className="bx-item__art" />
      <div className="bx-item__text">
        <strong>{prize.name}</strong>
        <span className="bx-rarity">
          {t(`boxes.rarity.${prize.rarity}`)} · {t(`boxes.kinds.${prize.kind}`)}
        </span>
        <span className="bx-sub">
          {t('boxes.items.from', { box: prize.box_title, date: formatDateTimeShort(prize.won_at, locale) })}
        </span>
      </div>
      <div className="bx-item__side">
        <span className="bx-strong">{amount}</span>
        {prize.sellable && prize.status === 'kept' ? (
          <Button size="sm" loading={selling} onClick={() => void sell()} data-testid="item-sell">
            {t('boxes.items.sell', { amount })}
          </Button>
        ) : (
          <Badge color={STATUS_COLOR[prize.status]} size="sm">
            {t(`boxes.items.status.${prize.status}`)}
          </Badge>
        )}
      </div>
    </li>
  );
}
