import type { Program } from '@punkto/contracts/programs';
import { describe, expect, it } from 'vitest';
import { programRule, rewardsCount } from './program-labels';

const program = (patch: Partial<Program>): Program => ({
  id: 'p1',
  tenantId: 't1',
  kind: 'points',
  name: 'Program',
  description: '',
  active: true,
  pointsPerPln: null,
  stampsRequired: null,
  levels: null,
  rewards: [],
  enrolmentUrl: '',
  shortCode: 'AB3D9',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...patch,
});

describe('program labels', () => {
  it('states the rule of each kind in Polish', () => {
    expect(programRule(program({ kind: 'points', pointsPerPln: 1.5 }))).toBe('1,5 pkt za 1 zł');
    expect(programRule(program({ kind: 'stamps', stampsRequired: 10 }))).toBe('10 pieczątek na karcie');
    const level = { name: 'Start', minLifetimePoints: 0, multiplier: 1, benefits: '' };
    expect(programRule(program({ kind: 'tiers', pointsPerPln: 1, levels: [level, level, level] }))).toBe(
      '3 poziomy, 1 pkt za 1 zł',
    );
  });

  it('counts rewards with the Polish plural forms', () => {
    expect([0, 1, 2, 4, 5, 12, 14, 22, 25, 1002].map(rewardsCount)).toEqual([
      '0 nagród',
      '1 nagroda',
      '2 nagrody',
      '4 nagrody',
      '5 nagród',
      '12 nagród',
      '14 nagród',
      '22 nagrody',
      '25 nagród',
      '1\u00a0002 nagrody',
    ]);
  });
});
