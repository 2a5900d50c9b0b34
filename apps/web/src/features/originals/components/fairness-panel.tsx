import { useState } from 'react';
import { Link } from 'react-router';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { Button, toast } from '../../../shared/ui';
import { useRotateSeeds, useSeeds } from '../api/seeds';
import type { Fairness, Rotation } from '../api/types';
import { publicPair, rotateDemoSeeds } from '../lib/demo-engine';
import { getDemoState, setDemoState, useDemoState } from '../lib/demo-store';
import { reportBetError } from '../lib/use-bet';

function Copyable({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const t = useT();
  return (
    <div className="og-kv">
      <span className="og-label">{label}</span>
      <div className="og-kv__row">
        <code className="og-code" data-testid={testId}>
          {value}
        </code>
        <button
          type="button"
          className="og-mini"
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(() => toast.success(t('originals.fairness.copied')));
          }}
        >
          {t('originals.fairness.copy')}
        </button>
      </div>
    </div>
  );
}

/** The current pair (hash, client seed, next nonce), client-seed edit + rotate, and the last revealed pair. */
export function FairnessPanel({ demo }: { demo?: boolean }) {
  return demo ? <DemoFairnessPanel /> : <RealFairnessPanel />;
}

function RealFairnessPanel() {
  const seeds = useSeeds(true);
  const rotate = useRotateSeeds();
  const [previous, setPrevious] = useState<Rotation['previous'] | null>(null);
  if (!seeds.data) return <p className="og-muted">…</p>;
  return (
    <FairnessView
      seeds={seeds.data}
      previous={previous}
      pending={rotate.isPending}
      onRotate={(clientSeed, done) =>
        rotate.mutate(clientSeed, {
          onSuccess: (r) => {
            setPrevious(r.previous);
            done();
          },
          onError: reportBetError,
        })
      }
    />
  );
}

/** The demo's pair: made in this browser; rotating reveals its server seed so the demo bets can be verified. */
function DemoFairnessPanel() {
  const t = useT();
  const s = useDemoState();
  return (
    <>
      <p className="og-muted og-demo-note">{t('originals.demo.fairnessNote')}</p>
      <FairnessView
        seeds={publicPair(s.pair)}
        previous={s.previous}
        pending={false}
        onRotate={(clientSeed, done) => {
          try {
            setDemoState(rotateDemoSeeds(getDemoState(), clientSeed).state);
            done();
          } catch (err) {
            reportBetError(err);
          }
        }}
      />
    </>
  );
}

function FairnessView({
  seeds: s,
  previous,
  pending,
  onRotate,
}: {
  seeds: Fairness;
  previous: (Fairness & { server_seed: string }) | null;
  pending: boolean;
  onRotate: (clientSeed: string | undefined, done: () => void) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [clientSeed, setClientSeed] = useState('');
  return (
    <div className="og-fair">
      <Copyable label={t('originals.fairness.serverHash')} value={s.server_seed_hash} testId="og-seed-hash" />
      <div className="og-row2">
        <div className="og-kv">
          <span className="og-label">{t('originals.fairness.clientSeed')}</span>
          <code className="og-code" data-testid="og-client-seed">
            {s.client_seed}
          </code>
        </div>
        <div className="og-kv">
          <span className="og-label">{t('originals.fairness.nonce')}</span>
          <code className="og-code" data-testid="og-nonce">
            {s.nonce}
          </code>
        </div>
      </div>
      <form
        className="og-rotate"
        onSubmit={(e) => {
          e.preventDefault();
          onRotate(clientSeed.trim() || undefined, () => {
            setClientSeed('');
            toast.success(t('originals.fairness.rotated'));
          });
        }}
      >
        <label className="og-label" htmlFor="og-new-client-seed">
          {t('originals.fairness.clientSeed')}
        </label>
        <div className="og-kv__row">
          <input
            id="og-new-client-seed"
            className="og-input"
            maxLength={64}
            placeholder={s.client_seed}
            value={clientSeed}
            onChange={(e) => setClientSeed(e.target.value)}
          />
          <Button type="submit" loading={pending} data-testid="og-rotate">
            {t('originals.fairness.rotate')}
          </Button>
        </div>
      </form>
      <p className="og-muted">{t('originals.fairness.help')}</p>
      {previous ? (
        <div className="og-prev" data-testid="og-previous">
          <h3>{t('originals.fairness.previous')}</h3>
          <Copyable label={t('originals.fairness.serverSeed')} value={previous.server_seed} testId="og-prev-seed" />
          <Copyable label={t('originals.fairness.serverHash')} value={previous.server_seed_hash} />
          <p className="og-muted">
            {t('originals.fairness.clientSeed')}: <code>{previous.client_seed}</code> · Nonce: {previous.nonce}
          </p>
        </div>
      ) : null}
      <Link className="og-link" to={localizePath('/fairness', locale)}>
        {t('originals.fairness.verifyLink')} →
      </Link>
    </div>
  );
}
