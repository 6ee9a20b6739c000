import type { NumberValue } from '../utils/program-form';

/** Mantine NumberInput's value (number, or the text while typed) as the editor keeps it. */
export function toNumberValue(value: number | string): NumberValue {
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  const trimmed = value.trim().replace(',', '.');
  if (trimmed === '') return '';
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : '';
}

/** NumberInput's props for a positive number of up to two decimals, typed the Polish way (1,25). */
export const POSITIVE_DECIMAL = { decimalScale: 2, decimalSeparator: ',', allowNegative: false } as const;
