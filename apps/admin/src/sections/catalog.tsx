import {
  ApiOutlined,
  AppstoreOutlined,
  DesktopOutlined,
  GiftOutlined,
  ThunderboltOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import type { BaseRecord, GetListParams, GetListResponse } from '@refinedev/core';
import type { AdminEventsReply, AdminGamesReply } from '@sorte/contracts';
import { Route } from 'react-router';
import { api } from '../lib/api';
import { navLabel } from '../lib/messages';
import { BoxesPage } from '../pages/catalog/boxes';
import { EventPage } from '../pages/catalog/event';
import { EventsPage } from '../pages/catalog/events';
import { GamesPage } from '../pages/catalog/games';
import { OriginalsPage } from '../pages/catalog/originals';
import { eventPages, filterOf, gamePages } from '../pages/catalog/paths';
import { ProvidersPage } from '../pages/catalog/providers';
import type { ConsoleSection } from './types';

/** refine's page numbers over the games list's keyset cursor, with its filters. */
async function listGames(params: GetListParams): Promise<GetListResponse<BaseRecord>> {
  const page = params.pagination?.currentPage ?? 1;
  const limit = params.pagination?.pageSize ?? 25;
  const f = params.filters;
  const query = {
    q: filterOf(f, 'q') as string | undefined,
    provider: filterOf(f, 'provider') as number | undefined,
    category: filterOf(f, 'category') as string | undefined,
    enabled: filterOf(f, 'enabled') as string | undefined,
    featured: filterOf(f, 'featured') as string | undefined,
    limit,
  };
  const key = `games?${JSON.stringify(query)}`;
  const cursor = gamePages.cursorFor(key, page);
  if (cursor === null) return { data: [], total: 0 };
  const r = await api<AdminGamesReply>('/api/admin/catalog/games', { query: { ...query, cursor } });
  return { data: r.data, total: gamePages.record(key, page, r.data.length, limit, r.next_cursor) };
}

async function listEvents(params: GetListParams): Promise<GetListResponse<BaseRecord>> {
  const page = params.pagination?.currentPage ?? 1;
  const limit = params.pagination?.pageSize ?? 25;
  const f = params.filters;
  const query = {
    live: filterOf(f, 'live') as string | undefined,
    status: filterOf(f, 'status') as string | undefined,
    limit,
  };
  const key = `events?${JSON.stringify(query)}`;
  const cursor = eventPages.cursorFor(key, page);
  if (cursor === null) return { data: [], total: 0 };
  const r = await api<AdminEventsReply>('/api/admin/catalog/events', { query: { ...query, cursor } });
  return { data: r.data, total: eventPages.record(key, page, r.data.length, limit, r.next_cursor) };
}

const pt = {
  catalog: {
    nav: {
      group: 'Catálogo',
      games: 'Jogos',
      providers: 'Provedores',
      boxes: 'Caixas',
      sportsbook: 'Esportes',
      originals: 'Originals',
    },
    yes: 'Sim',
    no: 'Não',
    close: 'Fechar',
    originals: {
      title: 'Sorte Originals',
      help: 'Os jogos próprios nesta plataforma. Os limites de aposta e as margens da casa são os mesmos em todas as plataformas (fazem parte da justiça publicada dos jogos): aqui eles são mostrados; cada jogo pode ser ativado ou desativado.',
      limits: 'Limites (todas as plataformas)',
      minBet: 'Aposta mínima',
      maxBet: 'Aposta máxima',
      maxWin: 'Ganho máximo por aposta',
      edge: 'Margem da casa',
    },
    games: {
      title: 'Jogos',
      help: 'Os jogos do lobby. Desativar tira o jogo do lobby na hora; destacar o coloca na vitrine; a posição define a ordem (menor primeiro).',
      game: 'Jogo',
      category: 'Categoria',
      provider: 'Provedor',
      enabled: 'Ativo',
      featured: 'Destaque',
      home: 'Início',
      position: 'Posição',
      search: 'Buscar título ou código',
      saved: 'Jogo atualizado.',
      empty: 'Nenhum jogo com estes filtros.',
    },
    providers: {
      title: 'Provedores',
      help: 'Os provedores de jogos da plataforma. Desativar um provedor tira todos os jogos dele do lobby.',
      name: 'Nome',
      code: 'Código',
      protocol: 'Protocolo',
      games: 'Jogos',
      maxWin: 'Ganho máximo por rodada',
      enabled: 'Ativo',
      saved: 'Provedor atualizado.',
      import: 'Importar jogos do provedor de teste',
      importConfirm:
        'Conectar a plataforma ao provedor de teste e importar todos os jogos dele? Jogos já importados são atualizados, nunca duplicados.',
      imported: '{{n}} jogos do provedor de teste no catálogo.',
      empty: 'Nenhum provedor.',
    },
    boxes: {
      title: 'Caixas misteriosas',
      help: 'Cada caixa tem versões imutáveis: uma versão publicada nunca muda (caixas já compradas abrem com ela). Uma mudança é um novo rascunho, conferido (RTP, cobertura dos 100.000 bilhetes, ofertas) antes de publicar.',
      new: 'Novo rascunho',
      name: 'Caixa',
      status: 'Situação',
      statuses: { draft: 'Rascunho', published: 'À venda', retired: 'Retirada' },
      pendingDraft: 'Rascunho pendente',
      version: 'Versão',
      live: 'À venda',
      price: 'Preço',
      sellPrice: 'Revenda',
      prizes: 'Prêmios',
      prize: 'Prêmio',
      kind: 'Tipo',
      kinds: { cash: 'Dinheiro', bonus: 'Bônus', free_spins: 'Giros grátis', collectible: 'Colecionável' },
      value: 'Valor',
      tickets: 'Bilhetes',
      chance: 'Chance',
      rarity: 'Raridade',
      rarities: { common: 'Comum', uncommon: 'Incomum', rare: 'Rara', epic: 'Épica', legendary: 'Lendária' },
      publishedAt: 'Publicada em',
      actions: 'Ações',
      publish: 'Publicar',
      publishConfirm: 'Publicar a versão mais nova de {{name}}? Ela passa a ser a versão à venda.',
      published: 'Caixa publicada.',
      retire: 'Retirar',
      retireConfirm: 'Retirar {{name}} da venda? Caixas já compradas continuam abrindo.',
      retired: 'Caixa retirada da venda.',
      draftTitle: 'Rascunho de caixa',
      draftHelp:
        'A especificação da caixa em JSON (a mesma do box:create). Um nome existente cria uma nova versão dessa caixa. Confira antes de salvar: o RTP e os erros aparecem aqui.',
      spec: 'Especificação (JSON)',
      check: 'Conferir',
      saveDraft: 'Salvar rascunho',
      saved: 'Rascunho salvo (versão {{version}}). Publique quando quiser colocá-lo à venda.',
      badJson: 'O texto não é um JSON válido.',
      refused: 'Esta tabela não pode ser publicada',
      valid: 'Tabela válida: RTP {{rtp}}.',
      coverage: 'Bilhetes de cada prêmio',
      empty: 'Nenhuma caixa nesta plataforma.',
    },
    limits: {
      title: 'Limites e margens',
      summary: 'aposta de {{min}} a {{max}}, prêmio até {{payout}}',
      min_stake: 'Aposta mínima',
      max_stake: 'Aposta máxima',
      max_payout: 'Prêmio máximo por aposta',
      market_liability: 'Exposição máxima por mercado',
      live_delay_ms: 'Atraso ao vivo (ms)',
      margins: 'Margens por tipo de mercado',
      marginsHelp: 'Em branco: a margem padrão do tipo de mercado.',
      save: 'Salvar limites',
      saved: 'Limites salvos.',
    },
    events: {
      title: 'Eventos',
      help: 'Os eventos por horário de início: os abertos (não iniciados e ao vivo) por padrão. Abra um evento para ver mercados, suspender, liquidar e a exposição.',
      kickoff: 'Início',
      match: 'Partida',
      tournament: 'Torneio',
      status: 'Situação',
      statuses: {
        not_started: 'Não iniciado',
        live: 'Ao vivo',
        ended: 'Encerrado',
        closed: 'Fechado',
        cancelled: 'Cancelado',
        postponed: 'Adiado',
      },
      open: 'Abertos',
      liveOnly: 'Só ao vivo',
      held: 'Suspenso pela mesa',
      betStop: 'Parada do feed',
      score: 'Placar',
      markets: 'Mercados abertos',
      empty: 'Nenhum evento com este filtro.',
    },
    event: {
      title: 'Evento',
      suspend: 'Suspender mercados',
      resume: 'Retomar mercados',
      suspended: 'Evento suspenso: {{n}} mercado(s) suspenso(s).',
      resumed: 'Evento retomado: {{n}} mercado(s) abertos de novo.',
      result: 'Resultado',
      settleTitle: 'Liquidação manual',
      mode: 'Ação',
      modes: {
        score: 'Liquidar pelo placar',
        void: 'Anular evento',
        rollback: 'Desfazer liquidação',
        cancel_window: 'Anular um intervalo',
      },
      window: 'Intervalo de apostas a anular',
      windowFrom: 'De',
      windowTo: 'Até',
      voidedMsg: '{{n}} seleção(ões) do intervalo anulada(s).',
      final: 'Placar final (2-1)',
      ht: 'Intervalo (1-0)',
      reason: 'Motivo (vai para a auditoria)',
      confirm: {
        score: 'Liquidar o evento com este placar? As apostas vencedoras são pagas na hora.',
        void: 'Anular o evento? Todas as seleções nele ficam anuladas e as simples são reembolsadas.',
        rollback: 'Desfazer a liquidação? As apostas voltam a ficar abertas e os pagamentos são estornados.',
        cancel_window:
          'Anular as seleções feitas neste evento dentro do intervalo? As simples são reembolsadas; as múltiplas seguem sem essa seleção.',
      },
      settledMsg: '{{settled}} aposta(s) fechada(s) ({{won}} vencedora(s)), {{paid}} pagos; {{reopened}} reaberta(s).',
      liability: 'Exposição (apostas abertas)',
      noBets: 'Nenhuma aposta aberta neste evento.',
      market: 'Mercado',
      outcome: 'Resultado',
      bets: 'Apostas',
      stakes: 'Apostado',
      pays: 'Pagaria',
      bookIfWins: 'Casa se vencer',
      marketsTitle: 'Mercados',
      odds: 'Odds',
      marketStatuses: {
        active: 'Aberto',
        suspended: 'Suspenso',
        settled: 'Liquidado',
        cancelled: 'Cancelado',
        deactivated: 'Desativado',
      },
    },
  },
};

const en: typeof pt = {
  catalog: {
    nav: {
      group: 'Catalog',
      games: 'Games',
      providers: 'Providers',
      boxes: 'Boxes',
      sportsbook: 'Sportsbook',
      originals: 'Originals',
    },
    yes: 'Yes',
    no: 'No',
    close: 'Close',
    originals: {
      title: 'Sorte Originals',
      help: 'The in-house games on this platform. Bet limits and house edges are the same on every platform (they are part of the games’ published fairness): they are shown here; each game can be enabled or disabled.',
      limits: 'Limits (every platform)',
      minBet: 'Minimum bet',
      maxBet: 'Maximum bet',
      maxWin: 'Maximum win per bet',
      edge: 'House edge',
    },
    games: {
      title: 'Games',
      help: 'The lobby’s games. Disabling takes a game out of the lobby at once; featuring puts it in the showcase; the position sets the order (lower first).',
      game: 'Game',
      category: 'Category',
      provider: 'Provider',
      enabled: 'Enabled',
      featured: 'Featured',
      home: 'Home',
      position: 'Position',
      search: 'Search title or code',
      saved: 'Game updated.',
      empty: 'No games with these filters.',
    },
    providers: {
      title: 'Providers',
      help: 'The platform’s game providers. Disabling a provider takes all its games out of the lobby.',
      name: 'Name',
      code: 'Code',
      protocol: 'Protocol',
      games: 'Games',
      maxWin: 'Max win per round',
      enabled: 'Enabled',
      saved: 'Provider updated.',
      import: 'Import the stand-in provider’s games',
      importConfirm:
        'Connect the platform to the stand-in provider and import all its games? Games already imported are updated, never duplicated.',
      imported: '{{n}} stand-in games in the catalog.',
      empty: 'No providers.',
    },
    boxes: {
      title: 'Mystery boxes',
      help: 'Each box has immutable versions: a published version never changes (boxes already bought open with it). A change is a new draft, checked (RTP, coverage of the 100,000 tickets, offers) before publishing.',
      new: 'New draft',
      name: 'Box',
      status: 'Status',
      statuses: { draft: 'Draft', published: 'On sale', retired: 'Retired' },
      pendingDraft: 'Draft pending',
      version: 'Version',
      live: 'On sale',
      price: 'Price',
      sellPrice: 'Sell-back',
      prizes: 'Prizes',
      prize: 'Prize',
      kind: 'Kind',
      kinds: { cash: 'Cash', bonus: 'Bonus', free_spins: 'Free spins', collectible: 'Collectible' },
      value: 'Value',
      tickets: 'Tickets',
      chance: 'Chance',
      rarity: 'Rarity',
      rarities: { common: 'Common', uncommon: 'Uncommon', rare: 'Rare', epic: 'Epic', legendary: 'Legendary' },
      publishedAt: 'Published',
      actions: 'Actions',
      publish: 'Publish',
      publishConfirm: 'Publish the newest version of {{name}}? It becomes the version on sale.',
      published: 'Box published.',
      retire: 'Retire',
      retireConfirm: 'Take {{name}} off sale? Boxes already bought still open.',
      retired: 'Box taken off sale.',
      draftTitle: 'Box draft',
      draftHelp:
        'The box spec as JSON (the same as box:create). An existing name makes a new version of that box. Check before saving: the RTP and the errors show here.',
      spec: 'Spec (JSON)',
      check: 'Check',
      saveDraft: 'Save draft',
      saved: 'Draft saved (version {{version}}). Publish it when it should go on sale.',
      badJson: 'The text is not valid JSON.',
      refused: 'This table cannot be published',
      valid: 'Valid table: RTP {{rtp}}.',
      coverage: 'Each prize’s tickets',
      empty: 'No boxes on this platform.',
    },
    limits: {
      title: 'Limits and margins',
      summary: 'stakes {{min}} to {{max}}, payout up to {{payout}}',
      min_stake: 'Minimum stake',
      max_stake: 'Maximum stake',
      max_payout: 'Maximum payout per bet',
      market_liability: 'Maximum liability per market',
      live_delay_ms: 'Live delay (ms)',
      margins: 'Margins by market kind',
      marginsHelp: 'Blank: the market kind’s default margin.',
      save: 'Save limits',
      saved: 'Limits saved.',
    },
    events: {
      title: 'Events',
      help: 'Events by kick-off: the open ones (not started and live) by default. Open an event to see its markets, suspend it, settle it and its liability.',
      kickoff: 'Kick-off',
      match: 'Match',
      tournament: 'Tournament',
      status: 'Status',
      statuses: {
        not_started: 'Not started',
        live: 'Live',
        ended: 'Ended',
        closed: 'Closed',
        cancelled: 'Cancelled',
        postponed: 'Postponed',
      },
      open: 'Open',
      liveOnly: 'Live only',
      held: 'Held by the desk',
      betStop: 'Feed bet stop',
      score: 'Score',
      markets: 'Open markets',
      empty: 'No events with this filter.',
    },
    event: {
      title: 'Event',
      suspend: 'Suspend markets',
      resume: 'Resume markets',
      suspended: 'Event held: {{n}} market(s) suspended.',
      resumed: 'Event resumed: {{n}} market(s) open again.',
      result: 'Result',
      settleTitle: 'Manual settlement',
      mode: 'Action',
      modes: {
        score: 'Settle by score',
        void: 'Void event',
        rollback: 'Roll back settlement',
        cancel_window: 'Void a time window',
      },
      window: 'Window of bets to void',
      windowFrom: 'From',
      windowTo: 'To',
      voidedMsg: '{{n}} selection(s) in the window voided.',
      final: 'Final score (2-1)',
      ht: 'Half time (1-0)',
      reason: 'Reason (kept in the audit log)',
      confirm: {
        score: 'Settle the event with this score? Winning bets are paid at once.',
        void: 'Void the event? Every selection on it is void and singles are refunded.',
        rollback: 'Roll back the settlement? Bets open again and payouts are reversed.',
        cancel_window:
          'Void the selections placed on this event within the window? Singles are refunded; accumulators go on without that selection.',
      },
      settledMsg: '{{settled}} bet(s) closed ({{won}} won), {{paid}} paid; {{reopened}} reopened.',
      liability: 'Liability (open bets)',
      noBets: 'No open bets on this event.',
      market: 'Market',
      outcome: 'Outcome',
      bets: 'Bets',
      stakes: 'Staked',
      pays: 'Would pay',
      bookIfWins: 'Book if it wins',
      marketsTitle: 'Markets',
      odds: 'Odds',
      marketStatuses: {
        active: 'Open',
        suspended: 'Suspended',
        settled: 'Settled',
        cancelled: 'Cancelled',
        deactivated: 'Deactivated',
      },
    },
  },
};

/** The catalog section: games, providers, boxes and the sportsbook desk, under Catalog. */
export const catalogSection: ConsoleSection = {
  resources: [
    { name: 'catalog', meta: Object.assign(navLabel('catalog.nav.group'), { icon: <AppstoreOutlined /> }) },
    {
      name: 'catalog-games',
      list: '/catalog/games',
      meta: Object.assign(navLabel('catalog.nav.games'), { parent: 'catalog', icon: <DesktopOutlined /> }),
    },
    {
      name: 'catalog-providers',
      list: '/catalog/providers',
      meta: Object.assign(navLabel('catalog.nav.providers'), { parent: 'catalog', icon: <ApiOutlined /> }),
    },
    {
      name: 'catalog-originals',
      list: '/catalog/originals',
      meta: Object.assign(navLabel('catalog.nav.originals'), { parent: 'catalog', icon: <ThunderboltOutlined /> }),
    },
    {
      name: 'catalog-boxes',
      list: '/catalog/boxes',
      meta: Object.assign(navLabel('catalog.nav.boxes'), { parent: 'catalog', icon: <GiftOutlined /> }),
    },
    {
      name: 'catalog-events',
      list: '/catalog/sportsbook',
      show: '/catalog/sportsbook/:id',
      meta: Object.assign(navLabel('catalog.nav.sportsbook'), { parent: 'catalog', icon: <TrophyOutlined /> }),
    },
  ],
  routes: (
    <>
      <Route path="/catalog/games" element={<GamesPage />} />
      <Route path="/catalog/providers" element={<ProvidersPage />} />
      <Route path="/catalog/originals" element={<OriginalsPage />} />
      <Route path="/catalog/boxes" element={<BoxesPage />} />
      <Route path="/catalog/sportsbook" element={<EventsPage />} />
      <Route path="/catalog/sportsbook/:id" element={<EventPage />} />
    </>
  ),
  // The group is open to every role (marketing reads the lobby and boxes, traders the sportsbook); each screen in it
  // shows only to the roles that may read it.
  subjects: {
    catalog: null,
    'catalog-games': 'Game',
    'catalog-providers': 'Provider',
    'catalog-originals': 'Originals',
    'catalog-boxes': 'Box',
    'catalog-events': 'Sportsbook',
  },
  messages: { 'pt-BR': pt, en },
  lists: { 'catalog-games': listGames, 'catalog-events': listEvents },
  home: { resource: 'catalog-events', path: '/catalog/sportsbook' },
};
