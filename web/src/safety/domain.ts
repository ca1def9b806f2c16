// The domain's safety report rules (functions/src/domain/safety.ts), the one place this feature
// takes them from. The domain index leaves safety.ts out, so the pages that import `@domain` never
// carry the report's schemas; the web build's `@domain` alias names that index file only, so this
// file reaches the module by its path.
export {
  SAFETY_DESCRIPTION_MAX_CHARS,
  SAFETY_AREA_MAX_CHARS,
  SAFETY_KINDS,
  SAFETY_MAX_PHOTOS,
  SAFETY_SITE_MAX_CHARS,
  SAFETY_STATUSES,
  SAFETY_TYPES,
  SAFETY_URGENCIES,
  SAFETY_REPORTS_COLLECTION,
  SAFETY_STEPS,
  SAFETY_UPDATE_MAX_CHARS,
  OWN_SAFETY_REPORTS_COLLECTION,
  compareForQueue,
  safetyPhotosFolder,
  safetyStepPhotosFolder,
  stepRefusal,
  submitSafetyReportSchema,
} from '../../../functions/src/domain/safety';
export type {
  SafetyKind,
  SafetyLocation,
  SafetyStatus,
  SafetyStep,
  SafetyType,
  SafetyUrgency,
  SubmitSafetyReportInput,
  SubmitSafetyReportRequest,
} from '../../../functions/src/domain/safety';
