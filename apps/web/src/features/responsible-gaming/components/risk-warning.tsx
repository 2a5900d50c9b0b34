import { useT } from '../../../shared/lib/i18n';
import { useSiteConfig } from '../../../shared/lib/site-config';
import { useRgInfo } from '../api/get-info';
import '../locales/register';
import '../rg.css';

/** The regulated tenant's risk warning ('Jogar pode causar dependência ...'), at registration and every login. */
export default function RiskWarning() {
  return useSiteConfig().is_regulated ? <Warning /> : null;
}

function Warning() {
  const t = useT();
  const text = useRgInfo().data?.risk_warning;
  if (!text) return null;
  return (
    <p className="rg-risk" role="note" data-testid="rg-risk-warning">
      <span className="rg-risk__icon" aria-hidden="true">
        !
      </span>
      <span>
        <strong>{t('rg.risk.label')}: </strong>
        {text}
      </span>
    </p>
  );
}
