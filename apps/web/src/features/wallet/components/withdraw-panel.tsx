import type { Withdrawal } from '@sorte/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/lib/dates';
import { useRulesForm } from '../../../shared/lib/form';
import { HttpError } from '../../../shared/lib/http';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { formatMoney } from '../../../shared/lib/money';
import { useSession } from '../../../shared/lib/session';
import { useSiteConfig } from '../../../shared/lib/site-config';
import { useWallet } from '../../../shared/lib/wallet';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { ConfirmModal } from '../../../shared/ui/confirm-modal';
import { Field, Input } from '../../../shared/ui/field';
import { toast } from '../../../shared/ui/toast-store';
import { addMethod, addOwnCpfMethod, type KeyType, requestWithdrawal, useMethods } from '../api/withdraw';
import { amountRule, centsToField, errorText, msgOf, newIdempotencyKey, parseBrl } from '../lib';
import { WithdrawalTimeline } from './withdrawal-timeline';

const KEY_TYPES: KeyType[] = ['cpf', 'email', 'phone', 'evp'];

type Fix = { field: 'email' | 'phone' | 'method_id'; to: string | null };
/** Refusals that need the player to do something first, and where they do it (null: here, a CPF key). */
const FIXES: Fix[] = [
  { field: 'email', to: '/user/edit/verification' },
  { field: 'phone', to: '/user/edit/verification' },
  { field: 'method_id', to: null },
];

/** Withdraw: PIX key list, new key, value range, available balance. */
export function WithdrawPanel() {
  const t = useT();
  const locale = useLocale();
  const config = useSiteConfig();
  const qc = useQueryClient();
  const wallet = useWallet();
  const methods = useMethods();
  const [selected, setSelected] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [type, setType] = useState<KeyType>('cpf');
  // The player's own CPF, masked as the server sends it (***.456.789-**): offered as the key, never typed.
  const ownCpf = useSession((st) => (typeof st.user?.cpf === 'string' && st.user.cpf ? st.user.cpf : null));
  const ownCpfKey = type === 'cpf' && ownCpf !== null;
  const keyForm = useRulesForm({ key: '' }, () => ({
    key: [(v) => (ownCpfKey || (typeof v === 'string' && v.trim()) ? null : msgOf('wallet.errors.required'))],
  }));
  const amountForm = useRulesForm({ amount: '' }, () => ({ amount: [amountRule] }));
  const [busy, setBusy] = useState(false);
  // A refusal the player can fix elsewhere (verify the e-mail or phone, add their CPF key): its message and a link.
  const [fix, setFix] = useState<(Fix & { message: string }) | null>(null);
  const [last, setLast] = useState<Withdrawal | null>(null);
  // A request refused with bonus_active: the player is asked whether to forfeit the bonus and withdraw anyway.
  const [forfeit, setForfeit] = useState<{ cents: number; methodId: number } | null>(null);
  // One key per attempt: a retry of the same values (double click, lost reply) reuses it; a change makes a new one.
  const attempt = useRef<{ values: string; key: string } | null>(null);
  const ids = useId();
  const list = methods.data?.data ?? [];
  const hasCpfKey = list.some((m) => m.type === 'cpf');
  const methodId = selected ?? list[0]?.id ?? null;
  const available = wallet.data?.balance_withdrawal ?? 0;

  const addOwnCpf = async () => {
    setBusy(true);
    try {
      const r = await addOwnCpfMethod();
      toast.success(t('wallet.withdraw.keyAdded'));
      setSelected(r.method.id);
      setFix(null);
      await qc.invalidateQueries({ queryKey: ['wallet', 'methods'] });
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const startAdding = (k: KeyType) => {
    setType(k);
    keyForm.clearErrors();
    setAdding(true);
  };

  const saveKey = keyForm.submit(async ({ key }) => {
    setBusy(true);
    try {
      const r = ownCpfKey ? await addOwnCpfMethod() : await addMethod(type, key.trim());
      toast.success(t('wallet.withdraw.keyAdded'));
      keyForm.reset();
      setAdding(false);
      setSelected(r.method.id);
      await qc.invalidateQueries({ queryKey: ['wallet', 'methods'] });
    } catch (err) {
      keyForm.setFieldError('key', errorText(err));
    } finally {
      setBusy(false);
    }
  });

  const send = async (cents: number, method: number, forfeitBonus: boolean) => {
    // Forfeiting makes it another request, so it gets its own key (the refused one is kept by the server as refused).
    const values = `${cents}:${method}:${forfeitBonus}`;
    if (attempt.current?.values !== values) attempt.current = { values, key: newIdempotencyKey() };
    setBusy(true);
    setFix(null);
    try {
      const r = await requestWithdrawal({ amount: cents, methodId: method, key: attempt.current.key, forfeitBonus });
      toast.success(t(r.withdrawal.status === 5 ? 'wallet.withdraw.review' : 'wallet.withdraw.requested'));
      setLast(r.withdrawal);
      attempt.current = null;
      amountForm.reset();
      await qc.invalidateQueries({ queryKey: ['wallet'] });
    } catch (err) {
      if (!forfeitBonus && err instanceof HttpError && (err.body as { code?: unknown } | null)?.code === 'bonus_active')
        return setForfeit({ cents, methodId: method });
      const errors = err instanceof HttpError ? (err.body as { errors?: object } | null)?.errors : undefined;
      const fields = Object.keys(errors ?? {});
      const needs = FIXES.find((f) => fields.includes(f.field));
      if (needs) setFix({ ...needs, message: errorText(err) });
      else amountForm.setFieldError('amount', errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const submit = amountForm.submit(async ({ amount }) => {
    const cents = parseBrl(amount);
    if (methodId === null) return amountForm.setFieldError('amount', t('wallet.withdraw.chooseKey'));
    if (cents === null) return;
    await send(cents, methodId, false);
  });

  return (
    <div className="wl-stack">
      <section className="wl-section">
        <h3 className="wl-section__title">{t('wallet.withdraw.keys')}</h3>
        {list.length === 0 && !methods.isPending && <p className="wl-empty">{t('wallet.withdraw.noKeys')}</p>}
        {ownCpf && !hasCpfKey && !methods.isPending && !adding && (
          <div className="wl-own-cpf" data-testid="own-cpf-offer">
            <span>
              {t('wallet.withdraw.ownCpf')} <strong className="wl-key__value">{ownCpf}</strong>
            </span>
            <Button size="sm" loading={busy} onClick={() => void addOwnCpf()} data-testid="use-own-cpf">
              {t('wallet.withdraw.useOwnCpf')}
            </Button>
          </div>
        )}
        <div className="wl-keys" role="radiogroup" aria-label={t('wallet.withdraw.keys')}>
          {list.map((m) => (
            <label key={m.id} className={`wl-key ${methodId === m.id ? 'is-active' : ''}`}>
              <input type="radio" name={`${ids}-key`} checked={methodId === m.id} onChange={() => setSelected(m.id)} />
              <span className="wl-key__type">{t(`wallet.withdraw.types.${m.type}`)}</span>
              <span className="wl-key__value">{m.key}</span>
            </label>
          ))}
        </div>
        {adding ? (
          <form className="wl-newkey" onSubmit={(e) => void saveKey(e)}>
            <Field label={t('wallet.withdraw.keyType')} id={`${ids}-type`}>
              <select
                className="wl-select"
                value={type}
                onChange={(e) => {
                  setType(e.target.value as KeyType);
                  keyForm.clearErrors();
                }}
              >
                {KEY_TYPES.map((k) => (
                  <option key={k} value={k}>
                    {t(`wallet.withdraw.types.${k}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              label={t('wallet.withdraw.key')}
              hint={ownCpfKey ? t('wallet.withdraw.ownCpfHint') : undefined}
              error={keyForm.errors.key}
              id={`${ids}-keyval`}
            >
              <Input
                value={ownCpfKey ? ownCpf : keyForm.values.key}
                readOnly={ownCpfKey}
                placeholder={t(`wallet.withdraw.placeholders.${type}`)}
                inputMode={type === 'cpf' || type === 'phone' ? 'numeric' : type === 'email' ? 'email' : 'text'}
                onChange={(e) => keyForm.setValue('key', e.target.value)}
                data-testid="new-key"
              />
            </Field>
            <Button type="submit" loading={busy} data-testid="save-key">
              {t('wallet.withdraw.addKey')}
            </Button>
          </form>
        ) : (
          <Button variant="outline" color="default" onClick={() => setAdding(true)} data-testid="add-key">
            + {t('wallet.withdraw.newKey')}
          </Button>
        )}
      </section>
      <form className="wl-section" onSubmit={(e) => void submit(e)}>
        <p className="wl-available" data-testid="withdrawable">
          {t('wallet.withdraw.available', { amount: formatMoney(available) })}
        </p>
        <Field
          label={t('wallet.withdraw.amount')}
          hint={t('wallet.withdraw.range', {
            min: formatMoney(config.min_withdrawal),
            max: formatMoney(config.max_withdrawal),
          })}
          error={amountForm.errors.amount}
          id={`${ids}-amount`}
        >
          <Input
            inputMode="decimal"
            prefix="R$"
            value={amountForm.values.amount}
            placeholder={centsToField(0)}
            onChange={(e) => amountForm.setValue('amount', e.target.value)}
            data-testid="withdraw-amount"
          />
        </Field>
        {fix && (
          <div className="wl-fix" role="alert" data-testid="withdraw-fix">
            <p>{fix.message}</p>
            {fix.to ? (
              <Link className={buttonClassName({ size: 'sm', variant: 'outline' })} to={localizePath(fix.to, locale)}>
                {t(`wallet.withdraw.fix.${fix.field}`)}
              </Link>
            ) : (
              <Button
                size="sm"
                variant="outline"
                onClick={() => (ownCpf && !hasCpfKey ? void addOwnCpf() : startAdding('cpf'))}
              >
                {t(`wallet.withdraw.fix.${fix.field}`)}
              </Button>
            )}
          </div>
        )}
        <Button
          type="submit"
          block
          size="lg"
          loading={busy}
          disabled={methodId === null}
          data-testid="request-withdraw"
        >
          {t('wallet.withdraw.submit')}
        </Button>
        {last && (
          <div className="wl-section wl-last" data-testid="withdraw-last">
            <h3 className="wl-section__title">
              {t('wallet.withdraw.lastTitle', { amount: formatMoney(last.amount) })}
            </h3>
            <WithdrawalTimeline status={last.status} requestedAt={formatDateTime(last.created_at)} />
          </div>
        )}
        <p className="wl-note">{t('wallet.withdraw.rules')}</p>
      </form>
      <ConfirmModal
        open={forfeit !== null}
        danger
        title={t('wallet.withdraw.forfeitTitle')}
        text={t('wallet.withdraw.forfeitText', { bonus: formatMoney(wallet.data?.bonus ?? 0) })}
        confirmLabel={t('wallet.withdraw.forfeitConfirm')}
        cancelLabel={t('wallet.withdraw.forfeitCancel')}
        onCancel={() => setForfeit(null)}
        onConfirm={async () => {
          if (!forfeit) return;
          setForfeit(null);
          await send(forfeit.cents, forfeit.methodId, true);
        }}
      />
    </div>
  );
}
