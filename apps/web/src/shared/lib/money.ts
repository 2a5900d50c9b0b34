/** Money at display: integer centavos in, the page language's currency text out (see numbers.ts). */
export { formatAmountField, formatMoney, parseAmount } from './numbers';
