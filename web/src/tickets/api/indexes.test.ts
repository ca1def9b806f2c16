import { describe, expect, it } from 'vitest';
import indexesFile from '../../../../firestore.indexes.json';
import { type IndexField, allHistoryQueryShapes, indexFieldsOf, shapeKey } from './history-query';

type IndexDefinition = { collectionGroup: string; queryScope: string; fields: IndexField[] };

const indexes = (indexesFile as { indexes: IndexDefinition[] }).indexes;
const ticketIndexes = indexes.filter(
  (index) => index.collectionGroup === 'tickets' && index.queryScope === 'COLLECTION',
);
const fieldsKey = (fields: IndexField[]) => JSON.stringify(fields);

describe('firestore.indexes.json', () => {
  const shapes = allHistoryQueryShapes();

  it('covers every history query shape with an exact composite index', () => {
    const present = new Set(ticketIndexes.map((index) => fieldsKey(index.fields)));
    const missing = shapes
      .map((shape) => ({ shape: shapeKey(shape), fields: indexFieldsOf(shape) }))
      .filter((entry): entry is { shape: string; fields: IndexField[] } => entry.fields !== null)
      .filter((entry) => !present.has(fieldsKey(entry.fields)));
    // On failure this lists the index entries to add.
    expect(missing).toEqual([]);
  });

  it('enumerates all 48 shapes, of which only the unfiltered one needs no composite index', () => {
    // createdBy? x archived? x status? x (none | category | category+subcategory) x search?
    expect(shapes).toHaveLength(48);
    const unindexed = shapes.filter((shape) => indexFieldsOf(shape) === null);
    expect(unindexed.map(shapeKey)).toEqual(['orderBy createdAt desc']);
  });

  it('writes each index field as the query uses it: equality ascending, search as CONTAINS, createdAt last and descending', () => {
    const shape = shapes.find((candidate) => candidate.filters.length === 6);
    expect(shape && indexFieldsOf(shape)).toEqual([
      { fieldPath: 'createdBy', order: 'ASCENDING' },
      { fieldPath: 'archived', order: 'ASCENDING' },
      { fieldPath: 'status', order: 'ASCENDING' },
      { fieldPath: 'category', order: 'ASCENDING' },
      { fieldPath: 'subcategory', order: 'ASCENDING' },
      { fieldPath: 'searchTokens', arrayConfig: 'CONTAINS' },
      { fieldPath: 'createdAt', order: 'DESCENDING' },
    ]);
  });

  it('keeps the createdBy + createdAt index and lists no index twice', () => {
    expect(ticketIndexes.map((index) => fieldsKey(index.fields))).toContain(
      fieldsKey([
        { fieldPath: 'createdBy', order: 'ASCENDING' },
        { fieldPath: 'createdAt', order: 'DESCENDING' },
      ]),
    );
    const keys = indexes.map(
      (index) => `${index.collectionGroup} ${index.queryScope} ${fieldsKey(index.fields)}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });
});
