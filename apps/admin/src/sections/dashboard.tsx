import { DashboardOutlined } from '@ant-design/icons';
import { Route } from 'react-router';
import { navLabel } from '../lib/messages';
import { DashboardPage } from '../pages/dashboard/index';
import type { ConsoleSection } from './types';

const pt = {
  dashboard: {
    nav: 'Painel',
    title: 'Painel',
    explain:
      'Valores em reais; dias no horário de Brasília. GGR = apostas − ganhos em dinheiro; NGR = GGR − custo de bônus − imposto ({{tax}} do GGR). Operação: {{tenant}}.',
    tenant: 'Operação',
    allTenants: 'Todas as operações',
    count: '{{n}} transações',
    countOne: '1 transação',
    todayValue: 'hoje: {{v}}',
    period: { label: 'Período', today: 'Hoje', '7d': '7 dias', '30d': '30 dias', custom: 'Personalizado' },
    kpi: {
      deposits: 'Depósitos',
      deposit_count: 'Nº de depósitos',
      withdrawals: 'Saques pagos',
      withdrawal_count: 'Nº de saques',
      stakes: 'Apostas (dinheiro)',
      wins: 'Ganhos',
      ggr: 'GGR',
      bonus_cost: 'Custo de bônus',
      tax: 'Imposto sobre GGR',
      ngr: 'NGR',
      hold: 'Hold',
      first_deposits: 'Primeiros depósitos',
      active_players: 'Jogadores ativos',
    },
    queues: {
      title: 'Filas pendentes',
      withdrawals: 'Saques em análise',
      kyc: 'Documentos KYC aguardando',
      events: 'Eventos com falha',
      parked: '{{n}} estacionados',
      affiliates: 'Pagamentos de CPA aguardando',
    },
    chart: { revenue: 'GGR e NGR por dia', money: 'Depósitos e saques por dia', active: 'Jogadores ativos' },
    products: { title: 'Por produto', product: 'Produto', rounds: 'Rodadas', wins: 'Ganhos' },
    product: { casino: 'Cassino', originals: 'Originais', sports: 'Esportes', boxes: 'Caixas' },
  },
};

const en: typeof pt = {
  dashboard: {
    nav: 'Dashboard',
    title: 'Dashboard',
    explain:
      'Amounts in reais; days in Brasília time. GGR = cash stakes − cash wins; NGR = GGR − bonus cost − tax ({{tax}} of GGR). Operator: {{tenant}}.',
    tenant: 'Operator',
    allTenants: 'All operators',
    count: '{{n}} transactions',
    countOne: '1 transaction',
    todayValue: 'today: {{v}}',
    period: { label: 'Period', today: 'Today', '7d': '7 days', '30d': '30 days', custom: 'Custom' },
    kpi: {
      deposits: 'Deposits',
      deposit_count: 'Deposits made',
      withdrawals: 'Withdrawals paid',
      withdrawal_count: 'Withdrawals made',
      stakes: 'Stakes (cash)',
      wins: 'Wins',
      ggr: 'GGR',
      bonus_cost: 'Bonus cost',
      tax: 'GGR tax',
      ngr: 'NGR',
      hold: 'Hold',
      first_deposits: 'First deposits',
      active_players: 'Active players',
    },
    queues: {
      title: 'Pending queues',
      withdrawals: 'Withdrawals under review',
      kyc: 'KYC documents waiting',
      events: 'Failed events',
      parked: '{{n}} parked',
      affiliates: 'CPA payouts waiting',
    },
    chart: { revenue: 'GGR and NGR per day', money: 'Deposits and withdrawals per day', active: 'Active players' },
    products: { title: 'By product', product: 'Product', rounds: 'Rounds', wins: 'Wins' },
    product: { casino: 'Casino', originals: 'Originals', sports: 'Sportsbook', boxes: 'Mystery boxes' },
  },
};

/** The dashboard section: the operator's figures, and the home page of every role that may read them. */
export const dashboardSection: ConsoleSection = {
  resources: [
    {
      name: 'dashboard',
      list: '/dashboard',
      meta: Object.assign(navLabel('dashboard.nav'), { icon: <DashboardOutlined /> }),
    },
  ],
  routes: <Route path="/dashboard" element={<DashboardPage />} />,
  subjects: { dashboard: 'Dashboard' },
  messages: { 'pt-BR': pt, en },
  home: { resource: 'dashboard', path: '/dashboard' },
};
