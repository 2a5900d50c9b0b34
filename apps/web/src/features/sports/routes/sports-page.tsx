import '../locales/register';
import { SportsShell } from '../components/sports-shell';
import { Lobby } from './lobby';
import '../sports.css';

/** /sports: the native sportsbook's lobby beside the bet slip. */
export default function SportsPage() {
  return (
    <SportsShell>
      <Lobby />
    </SportsShell>
  );
}
