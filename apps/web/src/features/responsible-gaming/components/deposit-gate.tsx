import { LIMIT_PERIODS, type LimitKind, type LimitPeriod, PERIOD_MINUTES, type RgLimitsReply } from '@sorte/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useT } from '../../../shared/lib/i18n';
import { useSiteConfig } from '../../../shared/lib/site-config';
import { Button } from '../../../shared/ui/button';
import { Field, Input } from '../../../shared/ui/field';
import { Spinner } from '../../../shared/ui/spinner';
import { useLimits } from '../api/get-limits';
import { RG_KEY, rgKeys } from '../api/keys';
import { setLimit } from '../api/set-limit';
import { centsToField, errorText, formatMinutes, parseReais } from '../lib';
import '../locales/register';
import '../rg.css';

/**
 * The deposit modal's form, behind the regulated rule: a player of a regulated tenant sets loss and time limits
 * (suggested values filled in) before the first deposit. Elsewhere, or once they are set, the form shows as is.
 */
export default function DepositGate({ children }: { children: ReactNode }) {
  const regulated = useSiteConfig().is_regulated;
  if (!regulated) return children;
  return <RegulatedGate>{children}</RegulatedGate>;
}

function RegulatedGate({ children }: { children: ReactNode }) {
  const limits = useLimits();
  if (limits.isPending)
    return (
      <div className="rg-gate__loading">
        <Spinner />
      </div>
    );
  // Unreadable limits: the form shows, and the server's refusal (rg_limits_required) brings the question back.
  if (!limits.data || limits.data.required.length === 0) return children;
  return <RequiredLimitsForm data={limits.data} />;
}

type Entry = { period: LimitPeriod; text: string; edited: boolean };

function suggestion(data: RgLimitsReply, kind: LimitKind, period?: LimitPeriod) {
  return data.suggested.find((s) => s.kind === kind && (period === undefined || s.period === period));
}

const toText = (kind: LimitKind, amount: number) => (kind === 'time' ? String(amount) : centsToField(amount));

function RequiredLimitsForm({ data }: { data: RgLimitsReply }) {
  const t = useT();
  const qc = useQueryClient();
  const [entries, setEntries] = useState<Record<string, Entry>>(() =>
    Object.fromEntries(
      data.required.map((kind) => {
        const s = suggestion(data, kind);
        return [kind, { period: s?.period ?? 'day', text: s ? toText(kind, s.amount) : '', edited: false }];
      }),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const parse = (kind: LimitKind, e: Entry): number | null => {
    if (kind !== 'time') {
      const c = parseReais(e.text);
      return c !== null && c > 0 ? c : null;
    }
    const m = /^\d+$/.test(e.text.trim()) ? Number(e.text.trim()) : null;
    return m !== null && m >= 1 && m <= PERIOD_MINUTES[e.period] ? m : null;
  };

  const update = (kind: LimitKind, patch: Partial<Entry>) =>
    setEntries((all) => {
      const prev = all[kind]!;
      const next = { ...prev, ...patch };
      // A new period brings its own suggestion unless the player typed an amount.
      if (patch.period && !prev.edited) {
        const s = suggestion(data, kind, patch.period);
        if (s) next.text = toText(kind, s.amount);
      }
      return { ...all, [kind]: next };
    });

  const submit = async () => {
    const found: Record<string, string> = {};
    const amounts: { kind: LimitKind; period: LimitPeriod; amount: number }[] = [];
    for (const kind of data.required) {
      const e = entries[kind]!;
      const amount = parse(kind, e);
      if (amount === null)
        found[kind] =
          kind === 'time'
            ? t('rg.limits.invalidMinutes', { max: PERIOD_MINUTES[e.period] })
            : t('rg.limits.invalidMoney');
      else amounts.push({ kind, period: e.period, amount });
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      let last: RgLimitsReply | null = null;
      for (const body of amounts) {
        const { change: _change, ...reply } = await setLimit(body);
        last = reply;
      }
      if (last) qc.setQueryData(rgKeys.limits, last);
      void qc.invalidateQueries({ queryKey: RG_KEY });
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="rg-gate"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
      data-testid="rg-deposit-gate"
    >
      <h3 className="rg-gate__title">{t('rg.gate.title')}</h3>
      <p className="rg-gate__text">{t('rg.gate.text')}</p>
      {data.required.map((kind) => (
        <GateRow
          key={kind}
          kind={kind}
          entry={entries[kind]!}
          error={errors[kind]}
          onChange={(patch) => update(kind, patch)}
        />
      ))}
      {failure && (
        <p className="rg-error" role="alert">
          {failure}
        </p>
      )}
      <Button type="submit" block size="lg" loading={busy} data-testid="rg-gate-submit">
        {t('rg.gate.submit')}
      </Button>
      <p className="rg-gate__later">{t('rg.gate.later')}</p>
    </form>
  );
}

function GateRow({
  kind,
  entry,
  error,
  onChange,
}: {
  kind: LimitKind;
  entry: Entry;
  error: string | undefined;
  onChange: (patch: Partial<Entry>) => void;
}) {
  const t = useT();
  const id = useId();
  const isTime = kind === 'time';
  const minutes = isTime && /^\d+$/.test(entry.text.trim()) ? Number(entry.text.trim()) : null;
  return (
    <fieldset className="rg-gate__row">
      <legend>
        {kind === 'loss' ? t('rg.gate.loss') : kind === 'time' ? t('rg.gate.time') : t(`rg.kinds.${kind}`)}
      </legend>
      <Field
        id={`${id}-amount`}
        label={isTime ? t('rg.limits.amountMinutes') : t('rg.limits.amountMoney')}
        hint={minutes ? formatMinutes(t, minutes) : undefined}
        error={error}
      >
        <Input
          id={`${id}-amount`}
          inputMode={isTime ? 'numeric' : 'decimal'}
          prefix={isTime ? undefined : 'R$'}
          suffix={isTime ? 'min' : undefined}
          value={entry.text}
          onChange={(e) => onChange({ text: e.target.value, edited: true })}
          data-testid={`rg-gate-${kind}`}
        />
      </Field>
      <label className="rg-gate__period" htmlFor={`${id}-period`}>
        <span>{t('rg.gate.period')}</span>
        <select
          id={`${id}-period`}
          value={entry.period}
          onChange={(e) => onChange({ period: e.target.value as LimitPeriod })}
          data-testid={`rg-gate-${kind}-period`}
        >
          {LIMIT_PERIODS.map((p) => (
            <option key={p} value={p}>
              {t(`rg.periods.${p}`)}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}
