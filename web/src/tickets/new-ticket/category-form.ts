import type { WorkerProfile } from '@domain';
import type { ComponentType } from 'react';

/** What a category form knows when it opens. */
export type CategoryFormContext = {
  subcategory: string;
  /** Today as `YYYY-MM-DD` (a parameter, so tests pick the day). */
  today: string;
  /** The signed-in worker's directory entry, for pre-filling (sizes, accommodation address). */
  worker: WorkerProfile | null;
};

/**
 * One category's part of the new-ticket form. The form shell (ticket-form.tsx) owns
 * react-hook-form with the category's domain schema (TICKET_FORM_SCHEMAS), and renders
 * `requestId`, `category`, `subcategory`, the description and the files itself; `Fields`
 * renders the rest with the controls of fields.tsx, reading the form from context.
 */
export type CategoryForm = {
  /** Initial values of the category's own fields. */
  defaultValues: (context: CategoryFormContext) => Record<string, unknown>;
  Fields: ComponentType<CategoryFormContext>;
  /** Translation key of the text shown when the submission fails; default tickets.form.submitFailed. */
  submitFailedKey?: string;
  /** Translation key of a hint under the description label. */
  descriptionHintKey?: string;
};
