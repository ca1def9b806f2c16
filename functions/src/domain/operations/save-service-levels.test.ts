import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE_LEVELS } from '../working-days.js';
import type { OperationCaller } from './decision.js';
import { decideSaveServiceLevels } from './save-service-levels.js';

const NOW = Date.UTC(2026, 10, 26, 8, 0);
const admin: OperationCaller = { uid: 'u-admin', email: 'admin@example.com', name: 'Ada', role: 'admin' };

describe('decideSaveServiceLevels', () => {
  it('stores the levels with who saved them, and audits only the fields that changed', () => {
    const levels = { country: 'PL' as const, extraHolidays: ['2026-12-31'], targets: { tools: 1 } };
    const decision = decideSaveServiceLevels({ current: DEFAULT_SERVICE_LEVELS }, levels, admin, NOW);
    if (decision.isRefused) throw new Error('refused');
    expect(decision.result).toEqual(levels);
    expect(decision.writes).toEqual([
      {
        type: 'set',
        path: 'config/serviceLevels',
        data: {
          ...levels,
          updatedAt: new Date(NOW),
          updatedBy: { uid: 'u-admin', email: 'admin@example.com' },
        },
      },
    ]);
    expect(decision.log).toEqual([
      expect.objectContaining({
        collection: 'auditLog',
        data: expect.objectContaining({
          action: 'saveServiceLevels',
          target: { setting: 'config/serviceLevels' },
          changes: {
            extraHolidays: { from: [], to: ['2026-12-31'] },
            targets: { from: DEFAULT_SERVICE_LEVELS.targets, to: { tools: 1 } },
          },
        }),
      }),
    ]);
  });

  it('records an empty change when nothing differs', () => {
    const decision = decideSaveServiceLevels(
      { current: DEFAULT_SERVICE_LEVELS },
      DEFAULT_SERVICE_LEVELS,
      admin,
      NOW,
    );
    if (decision.isRefused) throw new Error('refused');
    expect(decision.log[0]?.data.changes).toEqual({});
  });
});
