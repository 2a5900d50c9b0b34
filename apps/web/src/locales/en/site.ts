import type pt from '../pt/site';

export default {
  home: {
    heading: 'Welcome to {name}',
    banners: 'Highlights',
    slide: 'Highlight {index} of {total}',
    goTo: 'Go to highlight {index}',
    previous: 'Previous highlight',
    next: 'Next highlight',
    shortcuts: 'Shortcuts',
    casino: 'Casino',
    casinoText: 'Slots, roulette and more, from several providers',
    originals: 'Sorte Originals',
    originalsText: 'Dice, Mines, Crash and more, verifiable',
    fairness: 'Provably fair',
    fairnessText: 'Check any round yourself',
    promotions: 'Promotions',
    promotionsText: 'Offers of the week',
    bonus: 'Bonus',
    bonusText: 'Coupons and cashback',
    ranking: 'Ranking',
    rankingText: 'Level up and earn',
    sports: 'Sports',
    sportsText: 'Pre-match and live betting',
  },
  page: {
    updated: 'Updated on {date}',
    loading: 'Loading content...',
    failed: 'This page could not be loaded.',
  },
} satisfies typeof pt;
