import { BarChartOutlined } from '@ant-design/icons';
import { Route } from 'react-router';
import { navLabel } from '../lib/messages';
import { ReportsPage } from '../pages/reports/index';
import type { ConsoleSection } from './types';

const pt = {
  reports: {
    nav: 'Relatórios',
    title: 'Relatórios',
    csv: 'Baixar CSV',
    empty: 'Nada no período.',
    rounds: 'Rodadas',
    products: {
      title: 'Por produto',
      group: 'Agrupar por',
      day: 'Dia',
      month: 'Mês',
      period: 'Período',
      product: 'Produto',
      stakes: 'Apostas',
      wins: 'Ganhos',
      file: 'produtos',
      note: 'Apostas e ganhos contam dinheiro e bônus; GGR e hold contam só dinheiro. Esportes: apostas aceitas e pagas no dia.',
    },
    rtp: {
      title: 'RTP realizado × teórico',
      all: 'Todos os produtos',
      game: 'Jogo ou caixa',
      paid: 'Pago',
      realised: 'RTP realizado',
      theoretical: 'RTP teórico',
      gap: 'Diferença',
      few: 'Menos de {{n}} rodadas: a diferença ainda é acaso.',
      note: 'Realizado = pago ÷ apostado no período. Teórico: Originais, o RTP exato do jogo; cassino, o RTP declarado pelo provedor; caixas, o RTP calculado na publicação (prêmios pelo valor da tabela). Poucas rodadas variam muito.',
    },
  },
};

const en: typeof pt = {
  reports: {
    nav: 'Reports',
    title: 'Reports',
    csv: 'Download CSV',
    empty: 'Nothing in this period.',
    rounds: 'Rounds',
    products: {
      title: 'By product',
      group: 'Group by',
      day: 'Day',
      month: 'Month',
      period: 'Period',
      product: 'Product',
      stakes: 'Stakes',
      wins: 'Wins',
      file: 'products',
      note: 'Stakes and wins count cash and bonus money; GGR and hold count cash only. Sportsbook: bets taken and paid on the day.',
    },
    rtp: {
      title: 'Realised vs theoretical RTP',
      all: 'All products',
      game: 'Game or box',
      paid: 'Paid',
      realised: 'Realised RTP',
      theoretical: 'Theoretical RTP',
      gap: 'Gap',
      few: 'Fewer than {{n}} rounds: the gap is still chance.',
      note: 'Realised = paid ÷ staked in the period. Theoretical: Originals, the game’s exact RTP; casino, the provider’s declared RTP; boxes, the RTP computed at publish (prizes at their table value). Few rounds swing widely.',
    },
  },
};

/** The reports section: play by product per day or month (CSV), realised against theoretical RTP. */
export const reportsSection: ConsoleSection = {
  resources: [
    { name: 'reports', list: '/reports', meta: Object.assign(navLabel('reports.nav'), { icon: <BarChartOutlined /> }) },
  ],
  routes: <Route path="/reports" element={<ReportsPage />} />,
  subjects: { reports: 'Report' },
  messages: { 'pt-BR': pt, en },
};
