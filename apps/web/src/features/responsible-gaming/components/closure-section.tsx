import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useT } from '../../../shared/lib/i18n';
import { Button } from '../../../shared/ui/button';
import { closeAccount } from '../api/close-account';
import { endLocalSession } from '../store';
import { AckConfirm } from './ack-confirm';

/** Closing the account at the player's request; the balance stays withdrawable. */
export function ClosureSection() {
  const t = useT();
  const qc = useQueryClient();
  const reasonId = useId();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');

  const close = async () => {
    const reply = await closeAccount(reason);
    setAsking(false);
    endLocalSession(qc, { type: 'closed', closedAt: reply.closed_at, settlement: reply.settlement });
  };

  return (
    <div className="rg-stack">
      <p className="rg-lead">{t('rg.closure.text')}</p>
      <div>
        <Button color="danger" variant="outline" onClick={() => setAsking(true)} data-testid="rg-close-open">
          {t('rg.closure.submit')}
        </Button>
      </div>
      <AckConfirm
        open={asking}
        title={t('rg.closure.confirmTitle')}
        text={t('rg.closure.confirmText')}
        ack={t('rg.closure.ack')}
        confirmLabel={t('rg.closure.confirm')}
        onConfirm={close}
        onClose={() => setAsking(false)}
        testId="rg-close-confirm"
      >
        <label className="rg-textarea" htmlFor={reasonId}>
          <span>{t('rg.closure.reason')}</span>
          <textarea id={reasonId} rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        </label>
      </AckConfirm>
    </div>
  );
}
