import type { ServiceLevels } from '../working-days.js';
import { auditEntry } from './audit.js';
import { type Decision, type OperationCaller, decided } from './decision.js';

/** Where the admins' service levels live; the defaults hold while none are stored. */
export const SERVICE_LEVELS_PATH = 'config/serviceLevels';

export type SaveServiceLevelsState = {
  /** The levels in force now (the stored ones, or the defaults). */
  current: ServiceLevels;
};

const FIELDS = ['country', 'extraHolidays', 'targets'] as const;

/**
 * saveServiceLevels (an admin; the callable checks the role): `config/serviceLevels` {country,
 * extraHolidays, targets, updatedAt, updatedBy} and an audit entry of the fields that changed (from
 * -> to), in one transaction. New tickets take their answer day from them at once; tickets already
 * filed keep theirs. Saving what is already in force rewrites it and records an empty change.
 */
export function decideSaveServiceLevels(
  state: SaveServiceLevelsState,
  request: ServiceLevels,
  caller: OperationCaller,
  now: number,
): Decision<ServiceLevels> {
  const levels: ServiceLevels = {
    country: request.country,
    extraHolidays: [...request.extraHolidays],
    targets: { ...request.targets },
  };
  const changes = Object.fromEntries(
    FIELDS.filter((field) => JSON.stringify(state.current[field]) !== JSON.stringify(levels[field])).map(
      (field) => [field, { from: state.current[field], to: levels[field] }],
    ),
  );
  return decided(levels, {
    writes: [
      {
        type: 'set',
        path: SERVICE_LEVELS_PATH,
        data: { ...levels, updatedAt: new Date(now), updatedBy: { uid: caller.uid, email: caller.email } },
      },
    ],
    log: [
      auditEntry(
        { caller, action: 'saveServiceLevels', target: { setting: SERVICE_LEVELS_PATH }, changes },
        now,
      ),
    ],
  });
}
