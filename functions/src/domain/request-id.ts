import { z } from 'zod';

/**
 * A client-generated id that makes a request idempotent: a retried submission creates no second
 * ticket, a repeated worker edit is one write on the work board. Its own module, so the admin
 * screens that need it do not load the ticket schemas.
 */
export const requestIdSchema = z
  .string('validation.requestId')
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'validation.requestId');
