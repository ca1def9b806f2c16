import { type ChangeEvent, type FormEvent, useCallback, useRef, useState } from 'react';
import type { FormRule, Problems } from './schemas';

// The few text fields of /login, without a form library: react-hook-form costs 13.5 KB gzip there,
// the page's whole budget margin. It behaves as the app's other forms do: nothing is checked while
// the user types a first time; a send with problems shows them under the fields and moves the focus
// to the first one; from then on each change checks again, so an error goes as soon as it is fixed.

type Field = {
  name: string;
  ref: (element: HTMLInputElement | null) => void;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  defaultValue: string;
};

export type SmallForm<T extends Record<string, string>> = {
  /** The props of the input that holds field `name`. */
  register: (name: keyof T & string) => Field;
  /** The form's onSubmit: checks, then sends the tidied values (awaiting `send`). */
  handleSubmit: (send: (values: T) => Promise<void> | void) => (event?: FormEvent) => Promise<void>;
  formState: { errors: Partial<Record<keyof T & string, { message: string }>>; isSubmitting: boolean };
};

export function useSmallForm<T extends Record<string, string>>(rule: FormRule<T>, defaults: T): SmallForm<T> {
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const wasSent = useRef(false);
  const [problems, setProblems] = useState<Problems<T>>({});
  const [isSubmitting, setIsSubmitting] = useState(false);

  const check = useCallback(() => {
    const raw = { ...defaults };
    for (const [name, input] of inputs.current) (raw as Record<string, string>)[name] = input.value;
    const result = rule(raw);
    setProblems(result.problems);
    return result;
  }, [defaults, rule]);

  const register = (name: keyof T & string): Field => ({
    name,
    defaultValue: defaults[name] ?? '',
    ref: (element) => {
      if (element) inputs.current.set(name, element);
      else inputs.current.delete(name);
    },
    onChange: () => {
      if (wasSent.current) check();
    },
  });

  const handleSubmit: SmallForm<T>['handleSubmit'] = (send) => async (event) => {
    event?.preventDefault();
    wasSent.current = true;
    const { values, problems: found } = check();
    const firstWrong = Object.keys(found)[0];
    if (firstWrong) {
      inputs.current.get(firstWrong)?.focus();
      return;
    }
    setIsSubmitting(true);
    try {
      await send(values);
    } finally {
      setIsSubmitting(false);
    }
  };

  const errors = Object.fromEntries(
    Object.entries(problems).map(([name, message]) => [name, { message: message as string }]),
  ) as SmallForm<T>['formState']['errors'];
  return { register, handleSubmit, formState: { errors, isSubmitting } };
}
