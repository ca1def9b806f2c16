// call() of lib/call faked per callable, for screen tests: a test file mocks the module with
//   vi.mock('<path>/lib/call', async () => (await import('<path>/testing/fake-call')).fakeCallModule);
// and answers a callable with `callableMock(name)`, a vi.fn() of its request. What such a mock
// rejects with (an error as the Functions SDK throws it, `functions/<code>`) reaches the screen as the
// real call() would pass it on: mapped with the callable's keys (lib/callable-keys.ts). vitest gives
// every test file its own copy of this module.
import type { CallableInputOf, CallableName, CallableResponseOf } from '@domain/callables';
import { type Mock, vi } from 'vitest';
import type * as CallModule from '../lib/call';
import { callableErrorOf } from '../lib/callable-keys';

type CallableMock<N extends CallableName> = Mock<
  (request: CallableInputOf<N>) => Promise<CallableResponseOf<N>>
>;

const mocks = new Map<CallableName, Mock>();

/** The mock answering callable `name` (made on first use; unanswered calls of it resolve undefined). */
export function callableMock<N extends CallableName>(name: N): CallableMock<N> {
  let mock = mocks.get(name);
  if (!mock) {
    mock = vi.fn();
    mocks.set(name, mock);
  }
  return mock as unknown as CallableMock<N>;
}

/** The fake call(): the callable's mock, its rejection mapped as call() maps the SDK's errors. */
export const fakeCall = vi.fn(async (name: CallableName, request?: unknown): Promise<unknown> => {
  const mock = mocks.get(name);
  if (!mock) throw new Error(`The test answers no call of ${name}: use callableMock('${name}')`);
  try {
    return await mock(request);
  } catch (error) {
    throw callableErrorOf(name, error);
  }
});

export const fakeCallModule = {
  call: fakeCall as unknown as typeof CallModule.call,
  withoutUndefined: <T>(value: T): T => value,
  callOptionsOf: () => undefined,
} satisfies typeof CallModule;
