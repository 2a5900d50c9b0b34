const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Integer centavos -> "R$ 1.234,56". Money is formatted only at display; no float ever holds a balance. */
export function formatMoney(centavos: number): string {
  // Dividing for display only; the input stays an integer everywhere else.
  return brl.format(centavos / 100);
}
