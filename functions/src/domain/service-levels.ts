import { z } from 'zod';
import { isoDaySchema } from './ticket-schemas.js';
import {
  MAX_EXTRA_HOLIDAYS,
  MAX_TARGET_WORKING_DAYS,
  MIN_TARGET_WORKING_DAYS,
  SERVICE_LEVEL_COUNTRIES,
  type ServiceLevels,
  isTargetKey,
} from './working-days.js';

// The service levels' schema, as `config/serviceLevels` and saveServiceLevels read them. The
// counting itself is in working-days.ts, which needs no zod.

export * from './working-days.js';

const targetDaysSchema = z
  .number('validation.invalid')
  .int('validation.invalid')
  .min(MIN_TARGET_WORKING_DAYS, 'validation.invalid')
  .max(MAX_TARGET_WORKING_DAYS, 'validation.invalid');

/**
 * The `config/serviceLevels` document. Other fields (such as who saved it last) are dropped rather
 * than refused, so bookkeeping written next to the settings never makes them unreadable. Keys are
 * checked after parsing because a record's own key check reports a generic message instead of
 * a translation key.
 */
export const serviceLevelsSchema = z.object({
  country: z.enum(SERVICE_LEVEL_COUNTRIES, 'validation.invalid'),
  extraHolidays: z
    .array(isoDaySchema, 'validation.invalid')
    .max(MAX_EXTRA_HOLIDAYS, 'validation.invalid')
    .transform((days) => [...new Set(days)].sort()),
  targets: z.record(z.string(), targetDaysSchema, 'validation.invalid').superRefine((targets, ctx) => {
    for (const key of Object.keys(targets)) {
      if (!isTargetKey(key)) ctx.addIssue({ code: 'custom', path: [key], message: 'validation.invalid' });
    }
  }),
}) satisfies z.ZodType<ServiceLevels>;
