import type { BoxOpening, BoxSummary, UserBox } from '@sorte/contracts';
import { BOX_MAX_QUANTITY } from '@sorte/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { openDeposit } from '../../../shared/lib/deposit-modal';
import { HttpError } from '../../../shared/lib/http';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { formatMoney } from '../../../shared/lib/money';
import { usePageTitle } from '../../../shared/lib/page-title';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { holdWalletReads } from '../../../shared/lib/wallet';
import { Button, confirm, Page, Panel, REDUCED_MOTION_QUERY, Skeleton, toast, useMediaQuery } from '../../../shared/ui';
import { useBoxPrizes } from '../api/catalog';
import { buyBoxes, openBoxes, sellBox, useUnopenedBoxes } from '../api/inventory';
import { BoxArt } from '../components/art';
import { useLoginRedirect } from '../components/login-redirect';
import { PrizeTable } from '../components/prize-table';
import { Reels } from '../components/reel';
import { Results } from '../components/results';
import { useAfterMoney } from '../lib/after-money';
import { type CallFailure, failureOf, newKey } from '../lib/errors';
import { formatBoxRtp } from '../lib/odds';
import '../locales/register';
import '../boxes.css';

/** /casino/box/{name}: the box, its published odds, buying 1-5, opening them on a reel, and what each one gave. */
export default function BoxPage() {
  const t = useT();
  const locale = useLocale();
  const { name = '' } = useParams();
  const box = useBoxPrizes(name);
  usePageTitle(box.data?.box.title);
  const back = (
    <Link to={localizePath('/casino/crates', locale)} className="bx-back">
      ← {t('boxes.box.back')}
    </Link>
  );
  if (box.isError) {
    const missing = box.error instanceof HttpError && box.error.status === 404;
    return (
      <Page className="bx-page" data-testid="box-page">
        {back}
        <div className="ui-panel bx-failed" role="alert">
          <p>{missing ? t('boxes.box.notFound') : t('boxes.box.loadError')}</p>
          {!missing && (
            <Button size="sm" variant="outline" color="default" onClick={() => void box.refetch()}>
              {t('boxes.box.retry')}
            </Button>
          )}
        </div>
      </Page>
    );
  }
  if (box.isPending)
    return (
      <Page className="bx-page" data-testid="box-page" aria-busy="true">
        {back}
        <Skeleton height={320} />
        <Skeleton height={420} />
      </Page>
    );
  const { box: summary, data: prizes } = box.data;
  return (
    <Page className="bx-page" data-testid="box-page" data-box={summary.name}>
      {back}
      <Store box={summary} prizes={prizes} />
      <Panel title={t('boxes.box.table')} titleId="bx-table-title">
        <p className="bx-muted">{t('boxes.box.tableIntro')}</p>
        <PrizeTable prizes={prizes} />
      </Panel>
    </Page>
  );
}

type Phase =
  | { step: 'idle' }
  | { step: 'spinning'; openings: BoxOpening[] }
  | { step: 'shown'; openings: BoxOpening[] };

function Store({ box, prizes }: { box: BoxSummary; prizes: Parameters<typeof Reels>[0]['prizes'] }) {
  const t = useT();
  const locale = useLocale();
  const loggedIn = useIsLoggedIn();
  const login = useLoginRedirect();
  const afterMoney = useAfterMoney();
  const reduced = useMediaQuery(REDUCED_MOTION_QUERY);
  const mine = useUnopenedBoxes();
  const owned: UserBox[] = mine.data?.filter((u) => u.box_id === box.id) ?? [];
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState<'buy' | 'open' | 'sell' | null>(null);
  const [failure, setFailure] = useState<CallFailure | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [skip, setSkip] = useState(0);
  // The cash an opening credited reaches the header only once the reel has shown it.
  const pending = useRef<{ cash: number; release: () => void } | null>(null);
  const stage = useRef<HTMLDivElement>(null);

  // Once the reels (or the results) are drawn, they are brought into view: on a phone they start below the buttons.
  useEffect(() => {
    if (phase.step === 'idle') return;
    stage.current?.scrollIntoView({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
  }, [phase.step, reduced]);

  const toOpen = Math.min(quantity, owned.length);
  const sellable = owned.filter((u) => u.sell_price > 0).sort((a, b) => b.id - a.id)[0];

  const buy = async () => {
    setFailure(null);
    setBusy('buy');
    try {
      const r = await buyBoxes({ box_id: box.id, quantity }, newKey());
      afterMoney(r.balance);
      toast.success(r.data.length === 1 ? t('boxes.box.boughtOne') : t('boxes.box.bought', { n: r.data.length }));
    } catch (err) {
      setFailure(failureOf(err));
    } finally {
      setBusy(null);
    }
  };

  const landed = () => {
    const p = pending.current;
    pending.current = null;
    if (p) {
      p.release();
      afterMoney(p.cash);
    }
    setPhase((s) => (s.step === 'spinning' ? { step: 'shown', openings: s.openings } : s));
  };

  const open = async () => {
    if (toOpen < 1) return;
    setFailure(null);
    setBusy('open');
    const release = holdWalletReads();
    try {
      const r = await openBoxes({ box_id: box.id, quantity: toOpen });
      pending.current?.release();
      pending.current = { cash: r.balance, release };
      setPhase({ step: reduced ? 'shown' : 'spinning', openings: r.data });
      if (reduced) landed();
    } catch (err) {
      release();
      setFailure(failureOf(err));
    } finally {
      setBusy(null);
    }
  };

  const sell = async (u: UserBox) => {
    const amount = formatMoney(u.sell_price, locale);
    const ok = await confirm({
      title: t('boxes.box.sellTitle'),
      text: t('boxes.box.sellText', { amount }),
      confirmLabel: t('boxes.box.sell', { amount }),
    });
    if (!ok) return;
    setFailure(null);
    setBusy('sell');
    try {
      const r = await sellBox(u.id);
      afterMoney(r.balance);
      toast.success(t('boxes.box.sold', { amount: formatMoney(r.data.amount, locale) }));
    } catch (err) {
      setFailure(failureOf(err));
    } finally {
      setBusy(null);
    }
  };

  const spinning = phase.step === 'spinning';
  return (
    <>
      <section className="bx-hero" aria-labelledby="bx-title">
        <BoxArt image={box.image} className="bx-hero__art" eager />
        <div className="bx-hero__info">
          <h1 id="bx-title">{box.title}</h1>
          {box.description && <p className="bx-muted">{box.description}</p>}
          <div className="bx-hero__facts">
            <span className="bx-price bx-price--big" data-testid="box-price">
              {formatMoney(box.price, locale)}
            </span>
            <span className="bx-chip" title={t('boxes.box.rtpHint')} data-testid="box-rtp">
              {t('boxes.box.rtp', { rtp: formatBoxRtp(box.rtp, locale) })}
            </span>
          </div>
          <fieldset className="bx-qty" disabled={busy !== null || spinning}>
            <legend>{t('boxes.box.quantity')}</legend>
            {Array.from({ length: BOX_MAX_QUANTITY }, (_, i) => i + 1).map((n) => (
              <label key={n} className="bx-qty__option">
                <input
                  type="radio"
                  name="bx-qty"
                  value={n}
                  checked={quantity === n}
                  onChange={() => setQuantity(n)}
                  aria-label={t('boxes.box.quantityOf', { n })}
                />
                <span aria-hidden="true">{n}</span>
              </label>
            ))}
          </fieldset>
          <div className="bx-actions">
            {loggedIn ? (
              <Button
                size="lg"
                block
                loading={busy === 'buy'}
                disabled={busy !== null || spinning}
                onClick={() => void buy()}
                data-testid="box-buy"
              >
                {t('boxes.box.buyFor', { n: quantity, amount: formatMoney(box.price * quantity, locale) })}
              </Button>
            ) : (
              <Button size="lg" block onClick={login} data-testid="box-login">
                {t('boxes.box.loginToBuy')}
              </Button>
            )}
            {loggedIn && (
              <>
                <p className="bx-owned" data-testid="box-owned" data-count={owned.length}>
                  {owned.length > 0 ? t('boxes.box.owned', { count: owned.length }) : t('boxes.box.ownedNone')}
                </p>
                <div className="bx-actions__row">
                  <Button
                    size="lg"
                    color="warning"
                    block
                    loading={busy === 'open'}
                    disabled={toOpen < 1 || busy !== null || spinning}
                    onClick={() => void open()}
                    data-testid="box-open"
                  >
                    {toOpen > 1 ? t('boxes.box.openN', { n: toOpen }) : t('boxes.box.open')}
                  </Button>
                  {sellable && (
                    <Button
                      size="lg"
                      variant="outline"
                      color="default"
                      block
                      loading={busy === 'sell'}
                      disabled={busy !== null || spinning}
                      onClick={() => void sell(sellable)}
                      data-testid="box-sell"
                    >
                      {t('boxes.box.sell', { amount: formatMoney(sellable.sell_price, locale) })}
                    </Button>
                  )}
                </div>
              </>
            )}
            {failure && (
              <div className="bx-alert" role="alert" data-testid="box-error">
                <p>{failure.text}</p>
                {failure.deposit && (
                  <Button size="sm" onClick={openDeposit}>
                    {t('boxes.box.deposit')}
                  </Button>
                )}
              </div>
            )}
          </div>
        </div>
      </section>
      <div ref={stage} className="bx-stage">
        {phase.step !== 'idle' && !reduced && (
          <>
            <Reels key={phase.openings[0]?.id} prizes={prizes} openings={phase.openings} skip={skip} onDone={landed} />
            {spinning && (
              <Button
                size="sm"
                variant="pastel"
                color="default"
                className="bx-skip"
                onClick={() => setSkip((s) => s + 1)}
              >
                {t('boxes.box.skip')}
              </Button>
            )}
          </>
        )}
        {phase.step === 'shown' && <Results openings={phase.openings} boxName={box.name} />}
      </div>
    </>
  );
}
