import { describe, expect, it } from 'vitest';
import { appActionLink } from './password-link';

describe('appActionLink', () => {
  it("puts the Auth emulator's reset link on this app's action page", () => {
    const emulator =
      'http://127.0.0.1:9099/emulator/action?mode=resetPassword&lang=en&oobCode=AbC-123_x&apiKey=fake-api-key';
    expect(appActionLink(emulator, 'https://tickets.example.com')).toBe(
      'https://tickets.example.com/handle-auth-action?mode=resetPassword&oobCode=AbC-123_x',
    );
  });

  it('leaves a link without mode or code, and text that is no URL, as it is', () => {
    expect(appActionLink('https://example.com/reset?x=1', 'https://a.test')).toBe(
      'https://example.com/reset?x=1',
    );
    expect(appActionLink('not a link', 'https://a.test')).toBe('not a link');
  });
});
