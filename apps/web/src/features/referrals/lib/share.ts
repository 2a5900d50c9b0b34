import type { Locale } from '@sorte/contracts';

/**
 * The player's invitation link: the register route of this site with `ref`, which the site stores on any route and
 * the register form sends (English pages keep their prefix).
 */
export function referralLink(origin: string, code: string, locale: Locale): string {
  const path = locale === 'en' ? '/en/register' : '/register';
  return `${origin}${path}?ref=${encodeURIComponent(code)}`;
}

/** A WhatsApp share link with the text and the link (wa.me lets the player pick the chat). */
export function whatsappLink(text: string, link: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${link}`)}`;
}

/** Copies text, falling back to a selected textarea where the Clipboard API is missing (plain-HTTP hosts). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the textarea.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

/** Whether the device offers its own share sheet (phones, some desktops). */
export const canShare = (): boolean => typeof navigator !== 'undefined' && typeof navigator.share === 'function';
