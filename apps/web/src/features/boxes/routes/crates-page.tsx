import type { BoxSummary } from '@sorte/contracts';
import { Link } from 'react-router';
import { HttpError } from '../../../shared/lib/http';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { formatMoney } from '../../../shared/lib/money';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { Button, Page, PageHead, Skeleton } from '../../../shared/ui';
import { useBoxes } from '../api/catalog';
import { useUnopenedBoxes } from '../api/inventory';
import { BoxArt, PrizeArt } from '../components/art';
import { IconBox } from '../components/icons';
import { formatBoxRtp, formatMoneyShort } from '../lib/odds';
import '../locales/register';
import '../boxes.css';

/** /casino/crates ('Caixas'): the tenant's boxes, each with its price, RTP and top prizes. Guests may browse. */
export default function CratesPage() {
  const t = useT();
  const locale = useLocale();
  const loggedIn = useIsLoggedIn();
  const boxes = useBoxes();
  const mine = useUnopenedBoxes();
  const count = mine.data?.length ?? 0;
  // A site that does not sell boxes answers 404: there is simply nothing on sale, not a failure to retry.
  const none = boxes.error instanceof HttpError && boxes.error.status === 404;
  return (
    <Page className="bx-page bx-page--wide" data-testid="crates-page">
      <PageHead
        icon={IconBox}
        title={t('boxes.crates.title')}
        intro={t('boxes.crates.intro')}
        tone="primary"
        className="bx-head"
      >
        {loggedIn && (
          <Button
            to={localizePath('/account/boxes', locale)}
            variant="outline"
            color="default"
            size="sm"
            className="bx-head-action"
            data-testid="crates-mine"
          >
            {count > 0 ? t('boxes.crates.mineCount', { count }) : t('boxes.crates.mine')}
          </Button>
        )}
      </PageHead>
      {none ? (
        <p className="ui-panel bx-muted">{t('boxes.crates.empty')}</p>
      ) : boxes.isError ? (
        <div className="ui-panel bx-failed" role="alert">
          <p>{t('boxes.account.loadError')}</p>
          <Button size="sm" variant="outline" color="default" onClick={() => void boxes.refetch()}>
            {t('boxes.box.retry')}
          </Button>
        </div>
      ) : boxes.isPending ? (
        <div className="bx-grid" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={360} />
          ))}
        </div>
      ) : boxes.data.data.length === 0 ? (
        <p className="ui-panel bx-muted">{t('boxes.crates.empty')}</p>
      ) : (
        <ul className="bx-grid">
          {boxes.data.data.map((b) => (
            <li key={b.id}>
              <CrateCard box={b} owned={mine.data?.filter((u) => u.box_id === b.id).length ?? 0} />
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}

function CrateCard({ box, owned }: { box: BoxSummary; owned: number }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Link
      to={localizePath(`/casino/box/${encodeURIComponent(box.name)}`, locale)}
      className="bx-card"
      data-testid="crate-card"
      data-box={box.name}
    >
      <span className="bx-card__glow" aria-hidden="true" />
      <BoxArt image={box.image} className="bx-card__art" eager />
      <span className="bx-card__body">
        <span className="bx-card__title">{box.title}</span>
        <span className="bx-card__meta">
          <span className="bx-price" data-testid="crate-price">
            {formatMoney(box.price, locale)}
          </span>
          <span className="bx-chip" data-testid="crate-rtp">
            {t('boxes.box.rtp', { rtp: formatBoxRtp(box.rtp, locale) })}
          </span>
        </span>
        {owned > 0 && <span className="bx-card__owned">{t('boxes.account.count', { count: owned })}</span>}
        <span className="bx-card__tops">
          <span className="bx-card__label">{t('boxes.crates.topPrizes')}</span>
          <span className="bx-card__row">
            {box.top_prizes.map((p) => (
              <span key={p.id} className={`bx-top bx-r-${p.rarity}`} title={p.name}>
                <PrizeArt image={p.image} kind={p.kind} rarity={p.rarity} />
                <span className="bx-top__value">{formatMoneyShort(p.value, locale)}</span>
              </span>
            ))}
          </span>
        </span>
        <span className="bx-card__cta">{t('boxes.crates.open')}</span>
      </span>
    </Link>
  );
}
