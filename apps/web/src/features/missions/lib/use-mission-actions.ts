import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { WALLET_KEY } from '../../../shared/lib/wallet';
import { toast } from '../../../shared/ui/toast-store';
import { acceptMission } from '../api/accept-mission';
import { claimMission } from '../api/claim-mission';
import { MISSIONS_KEY } from '../api/keys';
import { missionErrorText } from './errors';

/** Claim and accept, each once at a time per mission: the server's confirmation or refusal is shown as a toast. */
export function useMissionActions() {
  const qc = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const run = async (id: number, action: 'claim' | 'accept') => {
    if (busy !== null) return;
    setBusy(id);
    try {
      const r = await (action === 'claim' ? claimMission(id) : acceptMission(id));
      toast.success(r.message);
      if (action === 'claim') void qc.invalidateQueries({ queryKey: WALLET_KEY });
    } catch (err) {
      toast.error(missionErrorText(err, action));
    } finally {
      setBusy(null);
      void qc.invalidateQueries({ queryKey: MISSIONS_KEY });
    }
  };
  return { busy, claim: (id: number) => run(id, 'claim'), accept: (id: number) => run(id, 'accept') };
}
