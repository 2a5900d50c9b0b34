import type { Localized } from '../../../platform/errors';

const m = (pt: string, en: string): Localized => ({ pt, en });

export const MP = {
  disabled: m('Este jogo não está disponível nesta plataforma.', 'This game is not available on this platform.'),
  bettingClosed: m(
    'As apostas desta rodada estão fechadas. Aguarde a próxima rodada.',
    'Betting for this round is closed. Wait for the next round.',
  ),
  alreadyBet: m('Você já apostou nesta rodada.', 'You already placed a bet in this round.'),
  alreadyBetColor: m('Você já apostou nesta cor nesta rodada.', 'You already bet on this colour in this round.'),
  roundFull: m(
    'Esta rodada atingiu o limite de apostas. Tente um valor menor ou a próxima rodada.',
    'This round reached its betting limit. Try a smaller amount or the next round.',
  ),
  noRound: m('Nenhuma rodada em andamento.', 'No round is running.'),
  noBet: m('Você não tem aposta nesta rodada.', 'You have no bet in this round.'),
  crashed: m('Tarde demais: a rodada já explodiu.', 'Too late: the round already crashed.'),
  alreadyCashedOut: m('Esta aposta já foi retirada.', 'This bet was already cashed out.'),
  autoCashout: m('O saque automático vai de 1,01x a 1.000.000x.', 'The auto cash-out goes from 1.01x to 1,000,000x.'),
  color: m('Escolha vermelho, preto ou branco.', 'Choose red, black or white.'),
  keyReused: m(
    'Esta Idempotency-Key já foi usada com outro pedido.',
    'This Idempotency-Key was already used for another request.',
  ),
} as const;
