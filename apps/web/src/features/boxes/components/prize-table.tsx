import type { BoxPrize } from '@sorte/contracts';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { formatMoney } from '../../../shared/lib/money';
import { formatChance, formatTimes } from '../lib/odds';
import { PrizeArt } from './art';

/**
 * The published prize table: every prize with its picture, rarity, value, exact chance and multiplier, most valuable
 * first. A list rather than a table, so a phone shows each prize as one readable row.
 */
export function PrizeTable({ prizes }: { prizes: BoxPrize[] }) {
  const t = useT();
  const locale = useLocale();
  const sorted = [...prizes].sort((a, b) => b.value - a.value || a.tickets.from - b.tickets.from);
  return (
    <div className="bx-table-wrap">
      <table className="bx-table" data-testid="box-prize-table">
        <thead>
          <tr>
            <th scope="col">{t('boxes.box.prize')}</th>
            <th scope="col" className="bx-num">
              {t('boxes.box.value')}
            </th>
            <th scope="col" className="bx-num">
              {t('boxes.box.chance')}
            </th>
            <th scope="col" className="bx-num bx-table__mult">
              {t('boxes.box.multiplier')}
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((p) => (
            <tr key={p.id} className={`bx-r-${p.rarity}`} data-testid="box-prize-row">
              <th scope="row">
                <span className="bx-table__prize">
                  <PrizeArt image={p.image} kind={p.kind} rarity={p.rarity} />
                  <span>
                    <span className="bx-table__name">{p.name}</span>
                    <span className="bx-rarity">{t(`boxes.rarity.${p.rarity}`)}</span>
                    <span className="bx-rarity">{t(`boxes.kinds.${p.kind}`)}</span>
                  </span>
                </span>
              </th>
              <td className="bx-num bx-strong">
                {formatMoney(p.value, locale)}
                <span className="bx-sub bx-phone-only">{formatTimes(p.multiplier, locale)}</span>
              </td>
              <td className="bx-num" data-testid="box-prize-chance">
                {formatChance(p.tickets, locale)}
              </td>
              <td className="bx-num bx-table__mult">{formatTimes(p.multiplier, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
