import { useState } from 'react';
import { registerMessages, useT } from '../../../shared/lib/i18n';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';
import './auth.css';

// The age gate greets most first visits, so it carries only its own words, not the account modals' strings.
registerMessages('age', {
  pt: {
    title: 'Você tem 18 anos ou mais?',
    text: 'Este site oferece apostas e jogos de cassino, proibidos para menores de 18 anos. Jogue com responsabilidade.',
    yes: 'Sim, tenho 18 anos ou mais',
    no: 'Não',
    denied: 'Você precisa ter 18 anos ou mais para acessar este site.',
  },
  en: {
    title: 'Are you 18 or older?',
    text: 'This site offers betting and casino games, forbidden to anyone under 18. Play responsibly.',
    yes: 'Yes, I am 18 or older',
    no: 'No',
    denied: 'You must be 18 or older to use this site.',
  },
});

/** The 18+ gate on a first visit (unless the tenant turned it off). "No" keeps the site closed. */
export default function AgeModal({ open, onConfirm }: { open: boolean; onConfirm: () => void }) {
  const t = useT();
  const [denied, setDenied] = useState(false);
  return (
    <Modal
      open={open}
      onClose={() => {}}
      dismissable={false}
      hideCloseButton
      centeredOnMobile
      title={t('age.title')}
      size="sm"
      role="alertdialog"
      className="auth-modal auth-age"
    >
      <div className="auth-form" data-testid="age-gate">
        <div className="auth-age__badge" aria-hidden="true">
          18+
        </div>
        <p className="auth-sub">{t('age.text')}</p>
        {denied && (
          <p className="auth-note auth-note--error" role="alert">
            {t('age.denied')}
          </p>
        )}
        <Button block size="lg" onClick={onConfirm}>
          {t('age.yes')}
        </Button>
        <Button block size="lg" variant="outline" color="default" onClick={() => setDenied(true)}>
          {t('age.no')}
        </Button>
      </div>
    </Modal>
  );
}
