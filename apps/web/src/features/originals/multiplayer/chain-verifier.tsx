import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import './register';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { Button } from '../../../shared/ui';
import type { MpGame } from './api';
import { fmtX } from './parts';
import { checkRound, type RoundCheck } from './verify';

/** The /fairness form for Crash and Double: a round's hash and number against the chain's commitment and salt. */
export function ChainVerifier({ game }: { game: MpGame }) {
  const t = useT();
  const locale = useLocale();
  const [params] = useSearchParams();
  const [f, setF] = useState(() => ({
    hash: params.get('round_hash') ?? '',
    number: params.get('number') ?? '',
    terminating: params.get('terminating') ?? '',
    salt: params.get('salt') ?? '',
  }));
  const [out, setOut] = useState<RoundCheck | null | undefined>(undefined);
  const run = () => setOut(checkRound(game, { ...f, number: Number(f.number) }));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a link from a round verifies at once
  useEffect(() => {
    if (params.get('round_hash')) run();
  }, []);
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF((x) => ({ ...x, [k]: e.target.value }));
  return (
    <>
      <form
        className="og-vform"
        onSubmit={(e) => {
          e.preventDefault();
          run();
        }}
      >
        <label className="og-label og-span2">
          {t('mp.verifier.roundHash')}
          <input className="og-input og-mono" value={f.hash} onChange={set('hash')} data-testid="mp-v-hash" />
        </label>
        <label className="og-label">
          {t('mp.verifier.roundNumber')}
          <input className="og-input" inputMode="numeric" value={f.number} onChange={set('number')} />
        </label>
        <label className="og-label">
          {t('mp.verifier.salt')}
          <input className="og-input og-mono" value={f.salt} onChange={set('salt')} />
        </label>
        <label className="og-label og-span2">
          {t('mp.verifier.terminating')}
          <input className="og-input og-mono" value={f.terminating} onChange={set('terminating')} />
        </label>
        <div className="og-span2">
          <Button type="submit" size="lg" data-testid="mp-v-submit">
            {t('originals.verifier.compute')}
          </Button>
        </div>
      </form>
      {out === null ? <p className="og-outcome">{t('originals.verifier.invalid')}</p> : null}
      {out ? (
        <section className="og-vresult" data-testid="mp-v-result">
          <h2>{t('originals.verifier.result')}</h2>
          <p className={out.chainOk ? 'og-ok' : 'og-bad'}>
            {out.chainOk ? t('mp.verifier.chainOk', { n: f.number }) : t('mp.verifier.chainBad')}
          </p>
          <ul className="og-vlines">
            {out.crashPoint !== undefined ? (
              <li>{t('mp.verifier.crashPoint', { m: fmtX(out.crashPoint, locale) })}</li>
            ) : null}
            {out.roll !== undefined ? (
              <li>{t('mp.verifier.roll', { n: out.roll, color: t(`mp.double.${out.color}`) })}</li>
            ) : null}
          </ul>
          <p className="og-muted og-break">{t('mp.verifier.hmac', { h: out.hmac })}</p>
          <p className="og-muted mp-formula">{t(`mp.fair.formula.${game}`)}</p>
        </section>
      ) : null}
    </>
  );
}
