import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  PERIOD_MINUTES,
  type RgLimit,
  type RgLimitsReply,
  type RgPendingLimit,
} from '@sorte/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { Button } from '../../../shared/ui/button';
import { confirm } from '../../../shared/ui/confirm-modal';
import { cx } from '../../../shared/ui/cx';
import { Field, Input } from '../../../shared/ui/field';
import { toast } from '../../../shared/ui/toast-store';
import { confirmLimit } from '../api/confirm-limit';
import { RG_KEY, rgKeys } from '../api/keys';
import { setLimit } from '../api/set-limit';
import { centsToField, errorText, formatLimitValue, formatMinutes, formatWhen, parseReais } from '../lib';

type Key = `${LimitKind}:${LimitPeriod}`;

/** Every kind of limit with its three periods: what is used, when it frees up, pending changes, an editor. */
export function LimitsSection({ data }: { data: RgLimitsReply }) {
  const t = useT();
  const [editing, setEditing] = useState<Key | null>(null);
  const locale = useLocale();
  const required = new Intl.ListFormat(locale === 'en' ? 'en-US' : 'pt-BR', { type: 'conjunction' }).format(
    data.required.map((k) => t(`rg.kinds.${k}`).toLowerCase()),
  );
  return (
    <div className="rg-limits">
      <p className="rg-lead">{t('rg.limits.intro')}</p>
      {data.required.length > 0 && (
        <p className="rg-banner rg-banner--warn" data-testid="rg-limits-required">
          {t('rg.limits.required', { kinds: required })}
        </p>
      )}
      <div className="rg-limits__grid">
        {LIMIT_KINDS.map((kind) => (
          <section key={kind} className="rg-kind" aria-labelledby={`rg-kind-${kind}`} data-testid={`rg-kind-${kind}`}>
            <header className="rg-kind__head">
              <KindIcon kind={kind} />
              <div>
                <h3 id={`rg-kind-${kind}`}>{t(`rg.kinds.${kind}`)}</h3>
                <p>{t(`rg.kindHints.${kind}`)}</p>
              </div>
            </header>
            <ul className="rg-kind__rows">
              {LIMIT_PERIODS.map((period) => {
                const key: Key = `${kind}:${period}`;
                return (
                  <LimitRow
                    key={period}
                    kind={kind}
                    period={period}
                    limit={data.limits.find((l) => l.kind === kind && l.period === period) ?? null}
                    pending={data.pending.find((p) => p.kind === kind && p.period === period) ?? null}
                    editing={editing === key}
                    onEdit={(on) => setEditing(on ? key : null)}
                  />
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}

function LimitRow({
  kind,
  period,
  limit,
  pending,
  editing,
  onEdit,
}: {
  kind: LimitKind;
  period: LimitPeriod;
  limit: RgLimit | null;
  pending: RgPendingLimit | null;
  editing: boolean;
  onEdit: (on: boolean) => void;
}) {
  const t = useT();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const value = (v: number) => formatLimitValue(t, kind, v);

  const confirmPending = async () => {
    setBusy(true);
    try {
      const reply = await confirmLimit({ kind, period });
      qc.setQueryData(rgKeys.limits, reply);
      void qc.invalidateQueries({ queryKey: RG_KEY });
      toast.success(t('rg.limits.confirmed'));
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="rg-row" data-testid={`rg-limit-${kind}-${period}`}>
      <div className="rg-row__top">
        <span className="rg-row__period" title={t(`rg.periods.${period}`)}>
          {t(`rg.periodsShort.${period}`)}
        </span>
        <span className="rg-row__value">
          {limit ? t('rg.limits.used', { used: value(limit.used), limit: value(limit.amount) }) : t('rg.limits.none')}
        </span>
        {!editing && (
          <Button
            size="sm"
            variant={limit ? 'outline' : 'solid'}
            color={limit ? 'default' : 'primary'}
            onClick={() => onEdit(true)}
            aria-label={`${limit ? t('rg.limits.edit') : t('rg.limits.set')}: ${t('rg.limits.amountLabel', {
              kind: t(`rg.kinds.${kind}`),
              period: t(`rg.periods.${period}`),
            })}`}
            data-testid={`rg-edit-${kind}-${period}`}
          >
            {limit ? t('rg.limits.edit') : t('rg.limits.set')}
          </Button>
        )}
      </div>
      {limit && <Usage kind={kind} period={period} limit={limit} />}
      {pending && (
        <div className="rg-pending" data-testid={`rg-pending-${kind}-${period}`}>
          <p>
            {pending.confirmable
              ? pending.amount === null
                ? t('rg.limits.pendingReadyRemove')
                : t('rg.limits.pendingReadyRaise', { amount: value(pending.amount) })
              : pending.amount === null
                ? t('rg.limits.pendingRemove', { at: formatWhen(pending.effective_at) })
                : t('rg.limits.pendingRaise', { amount: value(pending.amount), at: formatWhen(pending.effective_at) })}
          </p>
          {pending.confirmable && (
            <Button size="sm" onClick={() => void confirmPending()} loading={busy} data-testid="rg-confirm-pending">
              {t('rg.limits.confirm')}
            </Button>
          )}
        </div>
      )}
      {editing && <LimitEditor kind={kind} period={period} limit={limit} onDone={() => onEdit(false)} />}
    </li>
  );
}

function Usage({ kind, period, limit }: { kind: LimitKind; period: LimitPeriod; limit: RgLimit }) {
  const t = useT();
  const pct = limit.amount > 0 ? Math.min(100, Math.round((limit.used / limit.amount) * 100)) : 100;
  const left = Math.max(0, limit.amount - limit.used);
  const value = (v: number) => formatLimitValue(t, kind, v);
  return (
    <>
      <div
        className={cx('rg-bar', pct >= 100 ? 'rg-bar--full' : pct >= 75 && 'rg-bar--high')}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={limit.amount}
        aria-valuenow={Math.min(limit.used, limit.amount)}
        aria-valuetext={t('rg.limits.usedAria', { used: value(limit.used), limit: value(limit.amount) })}
        aria-label={t('rg.limits.amountLabel', { kind: t(`rg.kinds.${kind}`), period: t(`rg.periods.${period}`) })}
      >
        <span style={{ width: `${pct}%` }} />
      </div>
      <p className="rg-row__meta">
        <span className={cx(left === 0 && 'rg-row__reached')}>
          {left === 0 ? t('rg.limits.reached') : t('rg.limits.left', { left: value(left) })}
        </span>
        <span>
          {limit.resets_at
            ? t('rg.limits.resets', { at: formatWhen(limit.resets_at) })
            : t('rg.limits.fresh', { period: t(`rg.periods.${period}`) })}
        </span>
      </p>
    </>
  );
}

function LimitEditor({
  kind,
  period,
  limit,
  onDone,
}: {
  kind: LimitKind;
  period: LimitPeriod;
  limit: RgLimit | null;
  onDone: () => void;
}) {
  const t = useT();
  const qc = useQueryClient();
  const id = useId();
  const isTime = kind === 'time';
  const max = PERIOD_MINUTES[period];
  const [text, setText] = useState(limit ? (isTime ? String(limit.amount) : centsToField(limit.amount)) : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const parse = (s: string): number | null => {
    if (!isTime) {
      const cents = parseReais(s);
      return cents !== null && cents > 0 ? cents : null;
    }
    const minutes = /^\d+$/.test(s.trim()) ? Number(s.trim()) : null;
    return minutes !== null && minutes >= 1 && minutes <= max ? minutes : null;
  };
  const parsed = parse(text);

  const send = async (amount: number | null) => {
    setBusy(true);
    setError(null);
    try {
      const { change, ...reply } = await setLimit({ kind, period, amount });
      qc.setQueryData(rgKeys.limits, reply);
      void qc.invalidateQueries({ queryKey: RG_KEY });
      if (change.status === 'applied') toast.success(t('rg.limits.applied'));
      else if (change.status === 'pending') toast.info(t('rg.limits.pendingSaved'));
      else toast.info(t('rg.limits.unchanged'));
      onDone();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const save = () => {
    if (parsed === null) {
      setError(isTime ? t('rg.limits.invalidMinutes', { max }) : t('rg.limits.invalidMoney'));
      return;
    }
    void send(parsed);
  };

  const remove = async () => {
    const ok = await confirm({
      title: t('rg.limits.removeConfirmTitle'),
      text: t('rg.limits.removeConfirmText'),
      confirmLabel: t('rg.limits.remove'),
      cancelLabel: t('rg.limits.cancel'),
    });
    if (ok) void send(null);
  };

  const hint = isTime
    ? t('rg.limits.minutesHint', {
        time: parsed ? formatMinutes(t, parsed) : '—',
        max: formatMinutes(t, max),
      })
    : undefined;

  return (
    <form
      className="rg-editor"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      noValidate
    >
      <Field
        id={id}
        label={t('rg.limits.amountLabel', { kind: t(`rg.kinds.${kind}`), period: t(`rg.periods.${period}`) })}
        hint={hint}
        error={error ?? undefined}
      >
        <Input
          id={id}
          inputMode={isTime ? 'numeric' : 'decimal'}
          prefix={isTime ? undefined : 'R$'}
          suffix={isTime ? 'min' : undefined}
          value={text}
          autoFocus
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          data-testid="rg-limit-amount"
        />
      </Field>
      <div className="rg-editor__actions">
        <Button type="submit" loading={busy} data-testid="rg-limit-save">
          {t('rg.limits.save')}
        </Button>
        <Button type="button" color="default" variant="outline" onClick={onDone} disabled={busy}>
          {t('rg.limits.cancel')}
        </Button>
        {limit && (
          <Button
            type="button"
            color="danger"
            variant="pastel"
            onClick={() => void remove()}
            disabled={busy}
            className="rg-editor__remove"
          >
            {t('rg.limits.remove')}
          </Button>
        )}
      </div>
    </form>
  );
}

function KindIcon({ kind }: { kind: LimitKind }) {
  const paths: Record<LimitKind, string> = {
    deposit: 'M12 3v12m0 0l-4-4m4 4l4-4M4 17v2a2 2 0 002 2h12a2 2 0 002-2v-2',
    loss: 'M3 7l6 6 4-4 8 8m0 0v-6m0 6h-6',
    wager: 'M12 2l3 6 6 .9-4.5 4.3 1 6.3L12 16.6 6.5 19.5l1-6.3L3 8.9 9 8z',
    time: 'M12 7v5l3 2M21 12a9 9 0 11-18 0 9 9 0 0118 0z',
  };
  return (
    <span className={`rg-kind__icon rg-kind__icon--${kind}`} aria-hidden="true">
      <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <path d={paths[kind]} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}
