// Every e2e test fails when a page logged a permission refusal: a live screen whose read the rules deny is a
// bug even when the screen still shows something.
import { afterEach, expect } from 'vitest';
import { takePermissionDenials } from './browser.js';

afterEach(() => {
  expect(takePermissionDenials(), 'console messages with a permission refusal').toEqual([]);
});
