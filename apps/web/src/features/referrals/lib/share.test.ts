import { describe, expect, it } from 'vitest';
import { referralLink, whatsappLink } from './share';

describe('the referral link a player shares', () => {
  it('opens this site’s register route with the code, keeping the English prefix', () => {
    expect(referralLink('https://sorte.example', 'AB2CD3EF4G', 'pt')).toBe(
      'https://sorte.example/register?ref=AB2CD3EF4G',
    );
    expect(referralLink('https://sorte.example', 'AB2CD3EF4G', 'en')).toBe(
      'https://sorte.example/en/register?ref=AB2CD3EF4G',
    );
  });

  it('goes to WhatsApp as one encoded text with the link at the end', () => {
    const url = whatsappLink('Venha jogar comigo no Sorte & Cia!', 'https://sorte.example/register?ref=AB2');
    expect(url.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(url.slice('https://wa.me/?text='.length))).toBe(
      'Venha jogar comigo no Sorte & Cia! https://sorte.example/register?ref=AB2',
    );
    expect(url).not.toContain('&Cia');
  });
});
