// The GraphQL schema the fake board serves (the subset of monday's API the worker directory uses,
// with monday's field and argument names) and the fake's model of a request's complexity cost
// (an approximation: monday does not publish its formula).
import { GraphQLScalarType, Kind, valueFromASTUntyped } from 'graphql';

/** What a mutation costs in the fake's model. */
export const MUTATION_COST = 10_000;

export const typeDefs = /* GraphQL */ `
  scalar JSON
  enum State {
    active
    all
    archived
    deleted
  }
  enum VersionKind {
    current
    deprecated
    maintenance
    previous_maintenance
    release_candidate
  }
  type Version {
    display_name: String!
    kind: VersionKind!
    value: String!
  }
  type Complexity {
    before: Int!
    after: Int!
    query: Int!
    reset_in_x_seconds: Int!
  }
  type Column {
    id: ID!
    title: String!
    type: String!
    settings_str: String!
  }
  type ColumnValue {
    id: ID!
    type: String!
    text: String
    value: JSON
  }
  type Item {
    id: ID!
    name: String!
    state: State
    updated_at: String
    board: Board
    column_values(ids: [String!]): [ColumnValue!]!
  }
  type ItemsResponse {
    cursor: String
    items: [Item!]!
  }
  enum ItemsQueryRuleOperator {
    any_of
    not_any_of
    is_empty
    is_not_empty
    greater_than
    greater_than_or_equals
    lower_than
    lower_than_or_equal
  }
  input ItemsQueryRule {
    column_id: ID!
    compare_value: JSON!
    operator: ItemsQueryRuleOperator
    compare_attribute: String
  }
  input ItemsQuery {
    rules: [ItemsQueryRule!]
    operator: String
  }
  input ItemsPageByColumnValuesQuery {
    column_id: String!
    column_values: [String]!
  }
  type Board {
    id: ID!
    name: String!
    columns(ids: [String]): [Column]
    items_page(limit: Int, cursor: String, query_params: ItemsQuery): ItemsResponse!
  }
  type Query {
    complexity: Complexity
    version: Version!
    versions: [Version!]!
    boards(ids: [ID!]): [Board]
    items(ids: [ID!], limit: Int, page: Int, newest_first: Boolean, exclude_nonactive: Boolean): [Item]
    next_items_page(cursor: String!, limit: Int): ItemsResponse!
    items_page_by_column_values(
      board_id: ID!
      columns: [ItemsPageByColumnValuesQuery!]
      limit: Int
      cursor: String
    ): ItemsResponse!
  }
  type Mutation {
    complexity: Complexity
    change_multiple_column_values(
      board_id: ID!
      item_id: ID
      column_values: JSON!
      create_labels_if_missing: Boolean
    ): Item
  }
`;

export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast) => valueFromASTUntyped(ast),
});

/** Static complexity of a request, in the fake's model (an approximation of monday's costs). */
export function complexityOf(document, variables) {
  const fragments = new Map();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const argOf = (field, name) => {
    const arg = field.arguments?.find((a) => a.name.value === name);
    return arg ? valueFromASTUntyped(arg.value, variables) : undefined;
  };
  const fieldsOf = (selectionSet) =>
    (selectionSet?.selections ?? []).flatMap((selection) => {
      if (selection.kind === Kind.FIELD) return [selection];
      if (selection.kind === Kind.FRAGMENT_SPREAD)
        return fieldsOf(fragments.get(selection.name.value)?.selectionSet);
      return fieldsOf(selection.selectionSet);
    });
  const perItem = (selectionSet) => {
    const columns = fieldsOf(selectionSet).find((f) => f.name.value === 'column_values');
    if (!columns) return 10;
    const ids = argOf(columns, 'ids');
    return 10 + 10 * (Array.isArray(ids) ? ids.length : 30);
  };
  let cost = 10;
  const walk = (selectionSet) => {
    for (const field of fieldsOf(selectionSet)) {
      const name = field.name.value;
      if (['items_page', 'next_items_page', 'items_page_by_column_values'].includes(name)) {
        const limit = Math.min(Number(argOf(field, 'limit') ?? 25), 500);
        const items = fieldsOf(field.selectionSet).find((f) => f.name.value === 'items');
        cost += 100 + limit * perItem(items?.selectionSet);
      } else if (name === 'items') {
        const ids = argOf(field, 'ids');
        const limit = Math.min(Number(argOf(field, 'limit') ?? 25), 100);
        const count = Array.isArray(ids) ? Math.min(ids.length, limit) : limit;
        cost += count * perItem(field.selectionSet);
      } else if (name === 'change_multiple_column_values') {
        cost += MUTATION_COST + perItem(field.selectionSet);
      } else {
        walk(field.selectionSet);
      }
    }
  };
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) walk(definition.selectionSet);
  }
  return cost;
}
