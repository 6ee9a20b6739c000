import type { Program } from '@punkto/contracts/programs';
import { formatInteger, plural } from '../../../../lib/format';

/** "1 pkt za 1 zł", "10 pieczątek", "3 poziomy, 1 pkt za 1 zł". */
export function programRule(program: Program): string {
  const rate =
    program.pointsPerPln !== null ? `${String(program.pointsPerPln).replace('.', ',')} pkt za 1 zł` : '';
  switch (program.kind) {
    case 'points':
      return rate;
    case 'stamps':
      return `${program.stampsRequired ?? '?'} pieczątek na karcie`;
    case 'tiers':
      return `${program.levels?.length ?? 0} poziomy, ${rate}`;
    default:
      return '';
  }
}

/** "1 nagroda", "2 nagrody", "5 nagród" (Polish plural forms). */
export function rewardsCount(n: number): string {
  return `${formatInteger(n)} ${plural(n, 'nagroda', 'nagrody', 'nagród')}`;
}
