import type { BoxOpening } from '@sorte/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { formatMoney } from '../../../shared/lib/money';
import { Badge, Button, toast } from '../../../shared/ui';
import { sellPrize } from '../api/prizes';
import { useAfterMoney } from '../lib/after-money';
import { failureOf } from '../lib/errors';
import { PrizeArt } from './art';

/** The /fairness query that recomputes an opening's ticket (the format originals' receipts use, game "box"). */
export function verifyQuery(o: BoxOpening, boxName: string): string {
  return new URLSearchParams({
    game: 'box',
    server_seed: o.fairness.server_seed ?? '',
    hash: o.fairness.server_seed_hash,
    client_seed: o.fairness.client_seed,
    nonce: String(o.fairness.nonce),
    ticket: String(o.ticket),
    box: boxName,
  }).toString();
}

/** What the player got from each box, with what happens to it, and the receipt of each draw. */
export function Results({ openings, boxName }: { openings: BoxOpening[]; boxName: string }) {
  const t = useT();
  return (
    <section className="bx-results" aria-labelledby="bx-results-title" data-testid="box-results">
      <h2 id="bx-results-title" className="bx-results__title" role="status">
        {openings.length === 1 ? t('boxes.result.titleOne') : t('boxes.result.title')}
      </h2>
      <ul className="bx-results__list">
        {openings.map((o) => (
          <Result key={o.id} opening={o} boxName={boxName} receiptOpen={openings.length === 1} />
        ))}
      </ul>
    </section>
  );
}

type Fate = 'pending' | 'kept' | 'selling' | 'sold';

function Result({ opening, boxName, receiptOpen }: { opening: BoxOpening; boxName: string; receiptOpen: boolean }) {
  const t = useT();
  const locale = useLocale();
  const afterMoney = useAfterMoney();
  const { prize, item } = opening;
  const [fate, setFate] = useState<Fate>(item.status === 'sold' ? 'sold' : 'pending');
  const sell = async () => {
    setFate('selling');
    try {
      const r = await sellPrize(item.id);
      afterMoney(r.balance);
      setFate('sold');
    } catch (err) {
      setFate('pending');
      toast.error(failureOf(err).text);
    }
  };
  return (
    <li className={`bx-result bx-r-${prize.rarity}`} data-testid="box-result" data-kind={prize.kind}>
      <div className="bx-result__main">
        <PrizeArt image={prize.image} kind={prize.kind} rarity={prize.rarity} className="bx-result__art" />
        <div className="bx-result__text">
          <span className="bx-rarity">{t(`boxes.rarity.${prize.rarity}`)}</span>
          <strong className="bx-result__name" data-testid="box-result-name">
            {prize.name}
          </strong>
          <span className="bx-result__value" data-testid="box-result-value">
            {formatMoney(prize.value, locale)}
          </span>
        </div>
      </div>
      <div className="bx-result__fate" data-testid="box-result-fate" data-fate={item.sellable ? fate : item.status}>
        {item.status === 'credited' ? (
          <Badge color="success">{t('boxes.result.credited')}</Badge>
        ) : item.status === 'granted' ? (
          <Badge color="info">{prize.kind === 'free_spins' ? t('boxes.result.spins') : t('boxes.result.bonus')}</Badge>
        ) : fate === 'sold' ? (
          <Badge color="success">{t('boxes.result.soldFor', { amount: formatMoney(item.value, locale) })}</Badge>
        ) : fate === 'kept' ? (
          <span className="bx-result__kept">
            <Badge color="muted">{t('boxes.result.kept')}</Badge>
            <Link to={localizePath('/account/items', locale)} className="bx-link">
              {t('boxes.result.items')}
            </Link>
          </span>
        ) : item.sellable ? (
          <div className="bx-result__actions">
            <Button
              size="sm"
              variant="outline"
              color="default"
              onClick={() => setFate('kept')}
              disabled={fate === 'selling'}
            >
              {t('boxes.result.keep')}
            </Button>
            <Button size="sm" loading={fate === 'selling'} onClick={() => void sell()} data-testid="box-result-sell">
              {t('boxes.result.sellFor', { amount: formatMoney(item.value, locale) })}
            </Button>
          </div>
        ) : (
          <Badge color="muted">{t('boxes.result.kept')}</Badge>
        )}
      </div>
      <details className="bx-receipt" open={receiptOpen} data-testid="box-receipt">
        <summary>{t('boxes.result.receipt')}</summary>
        <dl>
          <div>
            <dt>{t('boxes.result.serverSeedHash')}</dt>
            <dd>
              <code>{opening.fairness.server_seed_hash}</code>
            </dd>
          </div>
          <div>
            <dt>{t('boxes.result.clientSeed')}</dt>
            <dd>
              <code>{opening.fairness.client_seed}</code>
            </dd>
          </div>
          <div>
            <dt>{t('boxes.result.nonce')}</dt>
            <dd data-testid="box-receipt-nonce">{opening.fairness.nonce}</dd>
          </div>
          <div>
            <dt>{t('boxes.result.ticket')}</dt>
            <dd data-testid="box-receipt-ticket">{opening.ticket}</dd>
          </div>
          <div>
            <dt>{t('boxes.box.prize')}</dt>
            <dd>{prize.name}</dd>
          </div>
        </dl>
        <p className="bx-muted">
          {opening.fairness.server_seed ? null : `${t('boxes.result.verifyHint')} `}
          <Link to={`${localizePath('/fairness', locale)}?${verifyQuery(opening, boxName)}`} className="bx-link">
            {t('boxes.result.verify')}
          </Link>
        </p>
      </details>
    </li>
  );
}
