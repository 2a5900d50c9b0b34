import type { UserBox } from '@sorte/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { nextBoxReward, showBoxReward, useBoxReward } from '../../shared/lib/box-reward';
import { registerMessages, useLocale, useT } from '../../shared/lib/i18n';
import { localizePath } from '../../shared/lib/locale';
import { getEcho, useRealtime } from '../../shared/lib/realtime';
import { useSession } from '../../shared/lib/session';
import { Button } from '../../shared/ui/button';
import { Confetti } from '../../shared/ui/confetti';
import { Modal } from '../../shared/ui/modal';
import { boxesKeys } from './api/keys';
import './reward-modal.css';

registerMessages('boxReward', {
  pt: {
    title: 'Você ganhou uma caixa!',
    source: { mission: 'Missão concluída', vip: 'Novo nível VIP', operator: 'Presente do cassino' },
    openNow: 'Abrir agora',
    later: 'Depois',
    keep: 'Ela fica guardada em Minhas caixas até você abrir.',
  },
  en: {
    title: 'You won a box!',
    source: { mission: 'Mission complete', vip: 'New VIP level', operator: 'A gift from the casino' },
    openNow: 'Open now',
    later: 'Later',
    keep: 'It stays in My boxes until you open it.',
  },
});

/** Just enough of the push to trust it: a box granted to the player, as the contract's UserBox. */
function isUserBox(v: unknown): v is UserBox {
  const b = v as Partial<UserBox> | null;
  return (
    typeof b === 'object' &&
    b !== null &&
    typeof b.id === 'number' &&
    typeof b.name === 'string' &&
    typeof b.title === 'string' &&
    typeof b.image === 'string' &&
    typeof b.source === 'string'
  );
}

/**
 * The reward modal of a granted box: it pops when NotifyNewUserBox arrives on the player's channel, or when the
 * player opens a notification that carries the box. "Abrir agora" goes to the box's page, where it opens; "Depois"
 * leaves it unopened in /account/boxes. Confetti celebrates it, except under reduced motion.
 */
export default function BoxRewardModal() {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const userId = useSession((s) => s.user?.id ?? null);
  const token = useSession((s) => s.token);
  const generation = useRealtime((s) => s.generation);
  const box = useBoxReward((s) => s.queue[0] ?? null);
  const [burst, setBurst] = useState(0);

  useEffect(() => {
    if (!token || userId === null) return;
    let cancelled = false;
    let stop = () => {};
    void generation;
    getEcho().then((echo) => {
      if (cancelled) return;
      const ch = echo.private(`user.${userId}`);
      ch.listen('NotifyNewUserBox', (e: unknown) => {
        if (!isUserBox(e)) return;
        void qc.invalidateQueries({ queryKey: boxesKeys.mine });
        showBoxReward(e);
      });
      stop = () => ch.stopListening('NotifyNewUserBox');
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [token, userId, generation, qc]);

  // Each box shown fires its own burst.
  useEffect(() => {
    if (box) setBurst((n) => n + 1);
  }, [box]);

  // Logging out drops what was waiting: the next player must not see the previous one's boxes.
  useEffect(() => {
    if (!token) useBoxReward.setState({ queue: [] });
  }, [token]);

  const later = () => nextBoxReward();
  const openNow = () => {
    if (!box) return;
    nextBoxReward();
    navigate(localizePath(`/casino/box/${encodeURIComponent(box.name)}`, locale));
  };
  const source = box && box.source !== 'purchase' ? t(`boxReward.source.${box.source}`) : null;

  return (
    <>
      <Modal
        open={box !== null}
        onClose={later}
        ariaLabel={t('boxReward.title')}
        size="sm"
        centeredOnMobile
        className="box-reward"
      >
        {box && (
          <div className="box-reward__body">
            <div className="box-reward__stage" aria-hidden="true">
              <span className="box-reward__rays" />
              <img className="box-reward__art" src={box.image} alt="" width={168} height={168} decoding="async" />
            </div>
            {source && <p className="box-reward__source">{source}</p>}
            <h2 className="box-reward__title">{t('boxReward.title')}</h2>
            <p className="box-reward__box">{box.title}</p>
            <p className="box-reward__keep">{t('boxReward.keep')}</p>
            <div className="box-reward__actions">
              <Button color="primary" size="lg" block onClick={openNow}>
                {t('boxReward.openNow')}
              </Button>
              <Button variant="outline" color="muted" size="lg" block onClick={later}>
                {t('boxReward.later')}
              </Button>
            </div>
          </div>
        )}
      </Modal>
      <Confetti fire={box ? burst : null} />
    </>
  );
}
