import { vi } from 'vitest';
import type * as api from '../../api/submit-ticket';

// The form's uploads as mocks, the rest of the module real, and a fixed request id (the callables
// are faked with testing/fake-call.ts). vi.mock is hoisted per test file, so each file still names
// the module itself:
//   vi.mock('../api/submit-ticket', async (importOriginal) =>
//     (await import('./testing/submit-ticket-mock')).mockSubmitTicketApi(importOriginal));
// This module imports nothing of the app, so loading it inside that factory cannot loop back.

export const REQUEST_ID = 'request-id-0001';

export async function mockSubmitTicketApi(importOriginal: () => Promise<unknown>): Promise<typeof api> {
  const actual = (await importOriginal()) as typeof api;
  return {
    ...actual,
    uploadTicketFile: vi.fn(),
    newRequestId: vi.fn(() => REQUEST_ID),
  };
}
