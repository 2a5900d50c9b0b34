// Home and content pages (namespace `site`).
export default {
  home: {
    heading: 'Bem-vindo ao {name}',
    banners: 'Em destaque',
    slide: 'Destaque {index} de {total}',
    goTo: 'Ir para o destaque {index}',
    previous: 'Destaque anterior',
    next: 'Próximo destaque',
    shortcuts: 'Atalhos',
    casino: 'Cassino',
    casinoText: 'Slots, mesas e jogos ao vivo',
    promotions: 'Promoções',
    promotionsText: 'Ofertas da semana',
    bonus: 'Bônus',
    bonusText: 'Cupons e cashback',
    ranking: 'Ranking',
    rankingText: 'Suba de nível e ganhe',
    sports: 'Esportes',
    sportsText: 'Apostas pré-jogo e ao vivo',
  },
  page: {
    updated: 'Atualizado em {date}',
    loading: 'Carregando conteúdo...',
    failed: 'Não foi possível carregar esta página.',
  },
};
