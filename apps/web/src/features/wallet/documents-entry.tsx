import { DocumentsPanel } from './components/documents-panel';
import './locales';
import './components/wallet.css';

/**
 * The KYC documents panel with its strings and styles, as one lazy chunk for other features ('Verificar conta' on
 * /user/edit/verification loads it with React.lazy; the wallet page uses DocumentsPanel directly).
 */
export default function KycDocuments() {
  return <DocumentsPanel />;
}
