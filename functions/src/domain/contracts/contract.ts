import { z } from 'zod';

/*
 * What a callable's contract is made of. Each callable has its own file in this folder (named after
 * it, e.g. submit-ticket.ts for submitTicket) holding its request schema, the type of its answer and
 * its error keys; ../callables.ts collects them into the one table CALLABLES. The request fields that
 * several contracts share are here too.
 */

/** One callable's contract. `response` is never set: it only carries the answer's type. */
export type CallableContract<Request extends z.ZodType = z.ZodType, Response = unknown> = {
  /** The request schema: the server parses every call with it; the client sends its input type. */
  request: Request;
  /** The translation key of its `internal` answer (an unexpected failure, no detail leaked). */
  failure: string;
  /** The message of its `invalid-argument` answer (the field keys travel in `details.fields`). */
  invalid: string;
  /** A call without a payload is read as `{}` (every field of the request has a default). */
  isPayloadOptional?: boolean;
  readonly response?: Response;
};

/** A contract answering `Response`; the request type comes from the schema. */
export const answers =
  <Response>() =>
  <Request extends z.ZodType>(
    contract: Omit<CallableContract<Request, Response>, 'response'>,
  ): CallableContract<Request, Response> =>
    contract;

/** The request of a callable that reads none: anything is accepted and ignored. */
export const NO_REQUEST = { request: z.unknown(), invalid: 'Invalid request' } as const;

// --- request fields several contracts share ---------------------------------------------------

/** A uid or a worker id: required, trimmed, at most 128 characters. */
export const idSchema = z.string('validation.required').trim().min(1, 'validation.required').max(128);

/** An error option: `validation.required` for a missing value, `invalid` for a wrong one. */
export const requiredOr = (invalid: string) => ({
  error: (issue: { input: unknown }) =>
    issue.input === undefined || issue.input === null ? 'validation.required' : invalid,
});

/** A ticket's document id. */
export const ticketIdSchema = z
  .string(requiredOr('validation.invalid'))
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'validation.invalid');
