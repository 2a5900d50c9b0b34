import type { Locale } from '@sorte/contracts';

/** The VIP module's player-facing texts, pt-BR and en. */

export type Text = { pt: string; en: string };

export const brl = (centavos: number, locale: Locale = 'pt') =>
  new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'pt-BR', { style: 'currency', currency: 'BRL' })
    .format(centavos / 100)
    .replace(/\u00a0/g, ' ');

/** Level 0: a player before the first level of the ladder. */
export const START_LEVEL = { name: { pt: 'Iniciante', en: 'Starter' }, color: '#8a94a6' };

/** The level-up notification (title and text), in both languages. */
export function levelUpText(name: Text, rewardCash: number): { title: Text; description: Text } {
  return {
    title: { pt: `Você chegou ao nível ${name.pt}!`, en: `You reached the ${name.en} level!` },
    description: {
      pt:
        rewardCash > 0
          ? `Parabéns! Seu prêmio de ${brl(rewardCash, 'pt')} já está no seu saldo.`
          : 'Parabéns! Continue jogando para chegar ao próximo nível.',
      en:
        rewardCash > 0
          ? `Congratulations! Your ${brl(rewardCash, 'en')} reward is already in your balance.`
          : 'Congratulations! Keep playing to reach the next level.',
    },
  };
}
