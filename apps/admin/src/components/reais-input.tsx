import { InputNumber, type InputNumberProps } from 'antd';
import { decimalSeparator } from '../lib/format';

/**
 * An amount in reais, typed with the staff member's decimal separator and two decimals. Forms hold reais and turn
 * them into centavos when they send, so the field never shows a centavo count an operator would misread.
 */
export function ReaisInput(props: Omit<InputNumberProps<number>, 'precision' | 'decimalSeparator'>) {
  return (
    <InputNumber<number>
      min={0.01}
      step={1}
      prefix="R$"
      style={{ width: '100%' }}
      {...props}
      precision={2}
      decimalSeparator={decimalSeparator()}
    />
  );
}
