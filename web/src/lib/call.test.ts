import { describe, expect, it } from 'vitest';
import { withoutUndefined } from './call';

describe('withoutUndefined (what call() sends)', () => {
  it('leaves out fields holding undefined, which the Functions SDK would send as null', () => {
    expect(withoutUndefined({ category: 'workhours', hours: undefined, description: 'x' })).toEqual({
      category: 'workhours',
      description: 'x',
    });
    expect(JSON.stringify(withoutUndefined({ hours: undefined }))).toBe('{}');
  });

  it('does so in nested objects and objects inside arrays, keeping null, 0, false and empty strings', () => {
    expect(
      withoutUndefined({
        changes: { phone: undefined, pesel: null, jacketSize: '' },
        items: [{ toolId: 't-1', quantity: 0, note: undefined }],
        isUrgent: false,
      }),
    ).toEqual({
      changes: { pesel: null, jacketSize: '' },
      items: [{ toolId: 't-1', quantity: 0 }],
      isUrgent: false,
    });
  });

  it('keeps values that are not plain objects as they are', () => {
    const day = new Date(0);
    expect(withoutUndefined({ at: day }).at).toBe(day);
    expect(withoutUndefined('text')).toBe('text');
    expect(withoutUndefined(undefined)).toBeUndefined();
  });
});
