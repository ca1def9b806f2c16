import { TICKET_FORM_SCHEMAS, type TicketCategoryId, type WorkerProfile } from '@domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { render } from '@testing-library/react';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import type { CategoryForm } from '../category-form';
import { TextAreaField } from '../fields';

export type HarnessOptions = {
  category: TicketCategoryId;
  subcategory: string;
  today?: string;
  worker?: WorkerProfile | null;
  /** Files the shell would hold, as attachment metadata. */
  attachments?: { name: string; size: number; contentType: string }[];
  onValid: (values: Record<string, unknown>) => void;
};

/**
 * Renders a category's Fields inside a form wired like the real shell: the category's domain
 * schema as resolver, the shell's own fields (description), and a "Wyślij" submit button. Valid
 * submissions reach `onValid` with the schema's parsed output.
 */
export function renderCategoryForm(form: CategoryForm, options: HarnessOptions) {
  const context = {
    subcategory: options.subcategory,
    today: options.today ?? '2026-11-22',
    worker: options.worker ?? null,
  };
  function Harness() {
    const methods = useForm<Record<string, unknown>>({
      resolver: zodResolver(TICKET_FORM_SCHEMAS[options.category]) as unknown as Resolver<
        Record<string, unknown>
      >,
      defaultValues: {
        requestId: 'test-request-0001',
        category: options.category,
        subcategory: options.subcategory,
        description: '',
        attachments: options.attachments ?? [],
        ...form.defaultValues(context),
      },
    });
    return (
      <FormProvider {...methods}>
        <form noValidate onSubmit={(event) => void methods.handleSubmit(options.onValid)(event)}>
          <form.Fields {...context} />
          <TextAreaField name="description" label="Opis" isRequired />
          <button type="submit">Wyślij</button>
        </form>
      </FormProvider>
    );
  }
  return render(<Harness />);
}
