import { describe, expect, it } from 'vitest';
import type { CadenceEvent } from './cadence';
import { invitationsOf } from './my-participation';

const triggered = (tenantId: string, visitAt: string, dueAt: string): CadenceEvent => ({
  type: 'SurveyTriggered',
  data: { tenantId, userId: 'u1', visitId: `visit-${visitAt}`, visitAt, dueAt },
});

describe('invitationsOf: the person’s surveys from their cadences', () => {
  it('given two companies’ triggers, when read, then one invitation per trigger, newest visit first', () => {
    const result = invitationsOf([
      {
        tenantId: 't1',
        companyName: 'Kawiarnia Pod Lipą',
        events: [
          triggered('t1', '2026-09-01T10:00:00.000Z', '2026-09-01T13:00:00.000Z'),
          triggered('t1', '2026-11-02T10:00:00.000Z', '2026-11-02T13:00:00.000Z'),
        ],
      },
      {
        tenantId: 't2',
        companyName: null,
        events: [triggered('t2', '2026-10-05T08:00:00.000Z', '2026-10-05T09:00:00.000Z')],
      },
    ]);
    expect(result.invitations).toEqual([
      {
        tenantId: 't1',
        companyName: 'Kawiarnia Pod Lipą',
        visitAt: '2026-11-02T10:00:00.000Z',
        dueAt: '2026-11-02T13:00:00.000Z',
      },
      {
        tenantId: 't2',
        companyName: null,
        visitAt: '2026-10-05T08:00:00.000Z',
        dueAt: '2026-10-05T09:00:00.000Z',
      },
      {
        tenantId: 't1',
        companyName: 'Kawiarnia Pod Lipą',
        visitAt: '2026-09-01T10:00:00.000Z',
        dueAt: '2026-09-01T13:00:00.000Z',
      },
    ]);
  });

  it('given no triggers, when read, then no invitations', () => {
    expect(invitationsOf([{ tenantId: 't1', companyName: 'X', events: [] }])).toEqual({ invitations: [] });
    expect(invitationsOf([])).toEqual({ invitations: [] });
  });
});
