import { ADMIN_ERRORS } from '../admin-api.js';
import { type ServiceLevels, serviceLevelsSchema } from '../service-levels.js';
import { answers } from './contract.js';

export type SaveServiceLevelsInput = ServiceLevels;

/**
 * The company's service levels in `config/serviceLevels` (working days to a first answer per
 * category or subcategory, the holiday country and extra days off); admins only, audited.
 * Answers the levels as stored.
 */
export const saveServiceLevels = answers<ServiceLevels>()({
  request: serviceLevelsSchema,
  failure: ADMIN_ERRORS.saveServiceLevelsFailed,
  invalid: 'Invalid service levels',
});
