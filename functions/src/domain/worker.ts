import { z } from 'zod';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'invalidDate');
const text = (max: number) => z.string().trim().max(max);

/**
 * A worker in the directory (spec section 3, "Worker profile"). Everything but id, name and
 * e-mail may be empty: the directory is filled in by the office over time.
 */
export const workerProfileSchema = z.object({
  id: text(64).min(1),
  name: text(120).min(1),
  email: z.string().trim().toLowerCase().pipe(z.email()),
  phone: text(40).optional(),
  location: text(120).optional(),
  currentProject: text(120).optional(),
  employeeId: text(40).optional(),
  jobTitle: text(80).optional(),
  personalAddress: text(200).optional(),
  pesel: text(11).optional(),
  ssn: text(20).optional(),
  taxNumber: text(30).optional(),
  swedishPersonalNumber: text(13).optional(),
  bankAccount: text(40).optional(),
  siteName: text(120).optional(),
  siteAddress: text(200).optional(),
  accommodationAddress: text(200).optional(),
  rotationStart: isoDate.optional(),
  rotationReturn: isoDate.optional(),
  supervisorName: text(120).optional(),
  supervisorPhone: text(40).optional(),
  ssgExpiry: isoDate.optional(),
  greenCardExpiry: isoDate.optional(),
  hotWorkPermitExpiry: isoDate.optional(),
  jacketSize: text(10).optional(),
  glovesSize: text(10).optional(),
  pantsSize: text(10).optional(),
  shoesSize: text(10).optional(),
});

export type WorkerProfile = z.infer<typeof workerProfileSchema>;

/** Fields an editor may change; the id and e-mail identify the worker and stay. */
export const workerUpdateSchema = workerProfileSchema.omit({ id: true, email: true }).partial();
export type WorkerUpdate = z.infer<typeof workerUpdateSchema>;

/** The worker fields that identify a person or their money: masked in the audit log, read under audit. */
export const SENSITIVE_WORKER_FIELDS = [
  'pesel',
  'ssn',
  'taxNumber',
  'swedishPersonalNumber',
  'bankAccount',
] as const;

/** The sensitive fields that hold a value in this worker. */
export function sensitiveFieldsOf(worker: Partial<Record<string, unknown>> | null | undefined): string[] {
  if (!worker) return [];
  return SENSITIVE_WORKER_FIELDS.filter((field) => {
    const value = worker[field];
    return typeof value === 'string' && value.trim() !== '';
  });
}

/** The worker without its sensitive fields, for answers that do not need them. */
export function withoutSensitiveFields<T extends Record<string, unknown>>(worker: T): T {
  const copy: Record<string, unknown> = { ...worker };
  for (const field of SENSITIVE_WORKER_FIELDS) delete copy[field];
  return copy as T;
}
