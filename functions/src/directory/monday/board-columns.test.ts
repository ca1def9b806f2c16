import { describe, expect, it } from 'vitest';
import { checkColumns, labelsOfSettings, labelsOfValue, unknownLabels } from './board-columns.js';
import { changesToColumnValues } from './columns.js';
import type { MondayColumnMap } from './config.js';

const columns: MondayColumnMap = {
  name: { id: 'name', type: 'name' },
  email: { id: 'email', type: 'email' },
  jacketSize: { id: 'status_jacket', type: 'status' },
  jobTitle: { id: 'dropdown_job', type: 'dropdown' },
  location: { id: 'text_location', type: 'text' },
};

describe('board column labels', () => {
  it('reads a status column’s labels (index -> name) and a dropdown’s (list of {id, name})', () => {
    expect(labelsOfSettings('status', '{"labels":{"0":"S","1":"M","5":"XL","7":""}}')).toEqual([
      'S',
      'M',
      'XL',
    ]);
    expect(
      labelsOfSettings('dropdown', '{"labels":[{"id":1,"name":"Carpenter"},{"id":2,"name":"Welder"}]}'),
    ).toEqual(['Carpenter', 'Welder']);
    expect(labelsOfSettings('status', 'not json')).toEqual([]);
    expect(labelsOfSettings('text', '{"labels":{"0":"x"}}')).toEqual([]);
  });

  it('checks the mapped columns against the board: missing and re-typed columns are problems', () => {
    const check = checkColumns(columns, [
      { id: 'status_jacket', title: 'Jacket', type: 'status', settings_str: '{"labels":{"0":"S","1":"M"}}' },
      {
        id: 'dropdown_job',
        title: 'Job',
        type: 'dropdown',
        settings_str: '{"labels":[{"id":1,"name":"Carpenter"}]}',
      },
      { id: 'text_location', title: 'Location', type: 'long_text', settings_str: '{}' },
    ]);
    expect(check.problems).toEqual([
      { field: 'email', columnId: 'email', problem: 'not on the board' },
      { field: 'location', columnId: 'text_location', problem: 'is a long_text column, mapped as text' },
    ]);
    expect(check.labels).toEqual({
      jacketSize: { labels: ['S', 'M'], multiple: false },
      jobTitle: { labels: ['Carpenter'], multiple: true },
    });
  });

  it('refuses values that are no label, lists for a multi-select dropdown, and lets a clear through', () => {
    const labels = {
      jacketSize: { labels: ['S', 'M'], multiple: false },
      jobTitle: { labels: ['Carpenter', 'Welder'], multiple: true },
    };
    expect(unknownLabels({ jacketSize: 'M', jobTitle: 'Carpenter, Welder' }, labels)).toEqual([]);
    expect(unknownLabels({ jacketSize: 'Huge', jobTitle: 'Carpenter, Pilot' }, labels)).toEqual([
      'jacketSize',
      'jobTitle',
    ]);
    expect(unknownLabels({ jacketSize: '', jobTitle: null, location: 'anything' }, labels)).toEqual([]);
    expect(labelsOfValue(' Carpenter ,Welder,, ')).toEqual(['Carpenter', 'Welder']);
  });

  it('writes a dropdown as its list of labels and a status as its label', () => {
    expect(
      changesToColumnValues({ jobTitle: 'Carpenter, Welder', jacketSize: 'M' }, columns).columnValues,
    ).toEqual({
      dropdown_job: { labels: ['Carpenter', 'Welder'] },
      status_jacket: { label: 'M' },
    });
  });
});
