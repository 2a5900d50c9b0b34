export const pt = {
  wallet: { depositApproved: 'Depósito de {amount} confirmado!' },
  push: {
    title: 'Ativar notificações',
    text: 'Receba avisos de depósitos, bônus e promoções mesmo com o site fechado.',
    enable: 'Ativar',
    later: 'Agora não',
    success: 'Notificações ativadas!',
    errors: {
      unsupported: 'Seu navegador não oferece notificações push.',
      permission: 'Não foi possível obter permissão para notificações.',
      subscribe: 'Erro ao se inscrever para notificações push.',
      worker: 'O serviço de notificações não respondeu a tempo. Tente novamente.',
    },
  },
  install: {
    title: 'Instale o app {name}',
    text: 'Acesso rápido pela tela inicial, em tela cheia e com notificações.',
    button: 'Instalar aplicativo',
    installed: 'O app já está instalado neste aparelho.',
    done: 'Pronto! O app foi instalado.',
    dismissed: 'Instalação cancelada. Você pode tentar de novo quando quiser.',
    manual:
      'Seu navegador não ofereceu a instalação automática. No menu do navegador, escolha "Instalar app" ou "Adicionar à tela inicial".',
    iosLink: 'Usa iPhone ou iPad? Veja como instalar',
    benefits: ['Abre direto da tela inicial', 'Mais rápido e em tela cheia', 'Avisos de bônus e depósitos'],
    back: 'Voltar ao início',
  },
  ios: {
    title: 'Instalar no iPhone',
    intro: 'No Safari, siga os passos:',
    steps: [
      'Toque no botão Compartilhar (o quadrado com a seta para cima) na barra do Safari.',
      'Role as opções e toque em "Adicionar à Tela de Início".',
      'Confirme tocando em "Adicionar". O app aparece na sua tela inicial.',
    ],
    safari: 'Abra este site no Safari: outros navegadores do iPhone não instalam apps.',
  },
};
