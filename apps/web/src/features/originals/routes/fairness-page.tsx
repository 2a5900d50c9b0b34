import {
  boxTicketOn,
  KENO_RISKS,
  type KenoRisk,
  kenoDrawOn,
  minesBoardOn,
  PLINKO_RISKS,
  PLINKO_ROWS,
  type PlinkoRisk,
  playDiceOn,
  playLimboOn,
  playPlinkoOn,
  playSlotOn,
  runAsync,
  settleKeno,
  sha256HexAsync,
} from '@sorte/fairness';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import '../locales/register';
import '../originals.css';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { formatNumber } from '../../../shared/lib/numbers';
import { Button } from '../../../shared/ui';
import { PLAYABLE } from '../lib/catalog';
import { ChainVerifier } from '../multiplayer/chain-verifier';
import '../multiplayer/multiplayer.css';

const CHAIN_GAMES = ['crash', 'double'] as const;
// A mystery box opening draws on the player's Originals seed pair too: its ticket is verified here like a bet.
const GAMES = [...PLAYABLE, 'box', ...CHAIN_GAMES] as const;

type Form = {
  game: string;
  server_seed: string;
  hash: string;
  client_seed: string;
  nonce: string;
  target: string;
  condition: string;
  mines: string;
  rows: string;
  risk: string;
  picks: string;
  /** A box receipt's ticket and box name (game box): the recomputed ticket is checked against it. */
  ticket: string;
  box: string;
};

type Outcome = {
  lines: string[];
  hashOk: boolean | null;
  computedHash: string;
  floats: number[];
  /** game box: the ticket computed, and whether it matches the receipt's (null without one). */
  ticket: { value: number; matches: boolean | null } | null;
};

const SERVER_SEED = /^[0-9a-f]{64}$/;

/** Recomputes a bet from its seeds with the same package the server settles with (Web Crypto in the browser). */
async function verify(f: Form, t: (k: string, p?: Record<string, string | number>) => string): Promise<Outcome | null> {
  const nonce = Number(f.nonce);
  if (!SERVER_SEED.test(f.server_seed) || f.client_seed.length < 1 || f.client_seed.length > 64) return null;
  if (!Number.isSafeInteger(nonce) || nonce < 0) return null;
  const seeds = { serverSeed: f.server_seed, clientSeed: f.client_seed, nonce };
  const computedHash = await sha256HexAsync(f.server_seed);
  const hashOk = f.hash ? computedHash === f.hash.trim().toLowerCase() : null;
  const floats = await runAsync(seeds, (s) => Array.from({ length: 4 }, () => s.float()));
  const m = (e4: number) => formatNumber(e4 / 10_000, { max: 4 });
  const lines: string[] = [];
  let ticket: Outcome['ticket'] = null;
  switch (f.game) {
    case 'box': {
      // ticket = 1 + int(100000) at cursor 0: the same function the server opens the box with.
      const value = await runAsync(seeds, (s) => boxTicketOn(s));
      const claimed = /^\d{1,6}$/.test(f.ticket.trim()) ? Number(f.ticket.trim()) : null;
      ticket = { value, matches: claimed === null ? null : claimed === value };
      lines.push(t('originals.verifier.ticket', { v: formatNumber(value) }));
      break;
    }
    case 'dice': {
      const target = Number(f.target.replace(',', '.'));
      const o = await runAsync(seeds, (s) =>
        playDiceOn(s, { target, condition: f.condition === 'under' ? 'under' : 'over' }),
      );
      lines.push(
        t('originals.verifier.roll', { v: formatNumber(o.roll, { min: 2, max: 2 }) }),
        t('originals.verifier.payout', { m: m(o.multiplierE4) }),
      );
      break;
    }
    case 'limbo': {
      const target = Number(f.target.replace(',', '.'));
      const o = await runAsync(seeds, (s) => playLimboOn(s, { target }));
      lines.push(
        t('originals.verifier.limboResult', { v: formatNumber(o.result, { min: 2, max: 2 }) }),
        t('originals.verifier.payout', { m: m(o.multiplierE4) }),
      );
      break;
    }
    case 'mines': {
      const board = await runAsync(seeds, (s) => minesBoardOn(s, Number(f.mines)));
      lines.push(
        t('originals.verifier.board', {
          v: [...board]
            .sort((a, b) => a - b)
            .map((x) => x + 1)
            .join(', '),
        }),
      );
      break;
    }
    case 'plinko': {
      const o = await runAsync(seeds, (s) => playPlinkoOn(s, { rows: Number(f.rows), risk: f.risk as PlinkoRisk }));
      lines.push(t('originals.verifier.bucket', { b: o.bucket, m: m(o.multiplierE4) }));
      break;
    }
    case 'keno': {
      const picks = f.picks
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map(Number);
      const drawn = await runAsync(seeds, (s) => kenoDrawOn(s));
      lines.push(t('originals.verifier.drawn', { v: drawn.join(', ') }));
      if (picks.length) {
        const o = settleKeno(drawn, { picks, risk: f.risk as KenoRisk });
        lines.push(
          t('originals.verifier.hits', { v: o.hits.join(', ') || '—' }),
          t('originals.verifier.payout', { m: m(o.multiplierE4) }),
        );
      }
      break;
    }
    case 'slot': {
      const o = await runAsync(seeds, (s) => playSlotOn(s));
      lines.push(t('originals.verifier.stops', { v: o.spin.stops.join(', ') }));
      for (const r of o.respins) lines.push(`↻ ${t('originals.verifier.stops', { v: r.stops.join(', ') })}`);
      lines.push(t('originals.verifier.payout', { m: m(o.multiplierE4) }));
      break;
    }
  }
  return { lines, hashOk, computedHash, floats, ticket };
}

/** /fairness: the provably-fair verifier, prefilled from a history row's link. */
export default function FairnessPage() {
  const t = useT();
  const locale = useLocale();
  const [params] = useSearchParams();
  const [form, setForm] = useState<Form>(() => ({
    game: GAMES.includes(params.get('game') as never) ? (params.get('game') as string) : 'dice',
    server_seed: params.get('server_seed') ?? '',
    hash: params.get('hash') ?? '',
    client_seed: params.get('client_seed') ?? '',
    nonce: params.get('nonce') ?? '0',
    target: params.get('target') ?? '50.5',
    condition: params.get('condition') ?? 'over',
    mines: params.get('mines') ?? '3',
    rows: params.get('rows') ?? '16',
    risk: params.get('risk') ?? 'medium',
    picks: params.get('picks') ?? '',
    ticket: params.get('ticket') ?? '',
    box: params.get('box') ?? '',
  }));
  const [out, setOut] = useState<Outcome | null>(null);
  const [invalid, setInvalid] = useState(false);
  const set = (k: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const run = async () => {
    const r = await verify(form, t);
    setInvalid(r === null);
    setOut(r);
  };
  // A link from the history verifies at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: run once with the prefilled form
  useEffect(() => {
    if (params.get('server_seed')) void run();
  }, []);
  const riskOptions = form.game === 'keno' ? KENO_RISKS : PLINKO_RISKS;
  // Crash and Double are verified against their hash chain (their own form below the game picker).
  const chainGame = form.game === 'crash' || form.game === 'double' ? form.game : null;
  return (
    <div className="og-page og-verifier">
      <header className="og-hero">
        <h1>{t('originals.verifier.title')}</h1>
        <p>{t('originals.verifier.intro')}</p>
      </header>
      <form
        className={`og-vform${chainGame ? ' is-chain' : ''}`}
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <label className="og-label">
          {t('originals.verifier.game')}
          <select className="og-input" value={form.game} onChange={set('game')} data-testid="og-v-game">
            {GAMES.map((g) => (
              <option key={g} value={g}>
                {t(`originals.games.${g}.name`)}
              </option>
            ))}
          </select>
        </label>
        <label className="og-label og-span2">
          {t('originals.verifier.serverSeed')}
          <input
            className="og-input og-mono"
            value={form.server_seed}
            onChange={set('server_seed')}
            data-testid="og-v-server-seed"
          />
        </label>
        <label className="og-label og-span2">
          {t('originals.verifier.serverHash')}
          <input className="og-input og-mono" value={form.hash} onChange={set('hash')} data-testid="og-v-hash" />
        </label>
        <label className="og-label">
          {t('originals.verifier.clientSeed')}
          <input
            className="og-input og-mono"
            value={form.client_seed}
            onChange={set('client_seed')}
            data-testid="og-v-client-seed"
          />
        </label>
        <label className="og-label">
          {t('originals.verifier.nonce')}
          <input
            className="og-input"
            inputMode="numeric"
            value={form.nonce}
            onChange={set('nonce')}
            data-testid="og-v-nonce"
          />
        </label>
        {form.game === 'dice' || form.game === 'limbo' ? (
          <label className="og-label">
            {t(form.game === 'dice' ? 'originals.dice.target' : 'originals.limbo.target')}
            <input
              className="og-input"
              inputMode="decimal"
              value={form.target}
              onChange={set('target')}
              data-testid="og-v-target"
            />
          </label>
        ) : null}
        {form.game === 'dice' ? (
          <label className="og-label">
            {t('originals.verifier.condition')}
            <select className="og-input" value={form.condition} onChange={set('condition')}>
              <option value="over">{t('originals.dice.over')}</option>
              <option value="under">{t('originals.dice.under')}</option>
            </select>
          </label>
        ) : null}
        {form.game === 'mines' ? (
          <label className="og-label">
            {t('originals.mines.mines')}
            <input className="og-input" inputMode="numeric" value={form.mines} onChange={set('mines')} />
          </label>
        ) : null}
        {form.game === 'plinko' ? (
          <label className="og-label">
            {t('originals.plinko.rows')}
            <select className="og-input" value={form.rows} onChange={set('rows')}>
              {PLINKO_ROWS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {form.game === 'plinko' || form.game === 'keno' ? (
          <label className="og-label">
            {t('originals.plinko.risk')}
            <select className="og-input" value={form.risk} onChange={set('risk')}>
              {(riskOptions as readonly string[]).map((r) => (
                <option key={r} value={r}>
                  {t(`originals.keno.${r}`)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {form.game === 'box' ? (
          <label className="og-label">
            {t('originals.verifier.receiptTicket')}
            <input
              className="og-input"
              inputMode="numeric"
              value={form.ticket}
              onChange={set('ticket')}
              data-testid="og-v-ticket"
            />
          </label>
        ) : null}
        {form.game === 'keno' ? (
          <label className="og-label og-span2">
            {t('originals.history.game')}: Keno — 1..40
            <input className="og-input" value={form.picks} onChange={set('picks')} placeholder="1, 5, 9, 13, 40" />
          </label>
        ) : null}
        <div className="og-span2">
          <Button type="submit" size="lg" data-testid="og-v-submit">
            {t('originals.verifier.compute')}
          </Button>
        </div>
      </form>
      {chainGame ? <ChainVerifier key={chainGame} game={chainGame} /> : null}
      {invalid && !chainGame ? <p className="og-outcome">{t('originals.verifier.invalid')}</p> : null}
      {out && !chainGame ? (
        <section className="og-vresult" data-testid="og-v-result">
          <h2>{t('originals.verifier.result')}</h2>
          {out.hashOk !== null ? (
            <p className={out.hashOk ? 'og-ok' : 'og-bad'} data-testid="og-v-hash-check">
              {out.hashOk ? '✓ ' : '✗ '}
              {t(out.hashOk ? 'originals.verifier.hashOk' : 'originals.verifier.hashBad')}
            </p>
          ) : null}
          <p className="og-muted og-break">{t('originals.verifier.computedHash', { hash: out.computedHash })}</p>
          <ul className="og-vlines">
            {out.lines.map((l) => (
              <li key={l} data-testid={out.ticket ? 'og-v-ticket-result' : undefined}>
                {l}
              </li>
            ))}
          </ul>
          {out.ticket && out.ticket.matches !== null ? (
            <p className={out.ticket.matches ? 'og-ok' : 'og-bad'} data-testid="og-v-ticket-check">
              {out.ticket.matches ? '✓ ' : '✗ '}
              {t(out.ticket.matches ? 'originals.verifier.ticketOk' : 'originals.verifier.ticketBad', {
                v: formatNumber(Number(form.ticket)),
              })}
            </p>
          ) : null}
          {out.ticket && /^[a-z0-9-]{1,60}$/.test(form.box) ? (
            <p>
              <Link to={localizePath(`/casino/box/${form.box}`, locale)}>{t('originals.verifier.ticketPrize')}</Link>
            </p>
          ) : null}
          <p className="og-muted">
            {t('originals.verifier.floats')}: {out.floats.map((f) => formatNumber(f, { min: 10, max: 10 })).join(' · ')}
          </p>
        </section>
      ) : null}
      <details className="og-how">
        <summary>{t('originals.verifier.how')}</summary>
        <pre>{`const { createHash, createHmac } = require('node:crypto');
createHash('sha256').update(serverSeed).digest('hex'); // = hash
const b = createHmac('sha256', serverSeed).update(\`\${clientSeed}:\${nonce}:0\`).digest();
const float = b.readUInt32BE(0) / 2 ** 32;
Math.floor(float * 10001) / 100; // Dice`}</pre>
      </details>
    </div>
  );
}
