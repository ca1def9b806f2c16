import type { TFunction } from 'i18next';

/*
 * Translated category and subcategory names (`tickets.categories.<id>.name`,
 * `tickets.categories.<id>.sub.<subId>`). Pass the `t` of useTranslation(). An id the
 * translations do not know (an old or mistyped stored value) is shown as stored.
 */

/** The name of a category, e.g. categoryName(t, 'presalary') -> "Zaliczka". */
export function categoryName(t: TFunction, categoryId: string): string {
  if (!categoryId) return '';
  return t(`tickets.categories.${categoryId}.name`, { defaultValue: categoryId });
}

/** The name of a subcategory within its category, e.g. subcategoryName(t, 'car', 'damage'). */
export function subcategoryName(t: TFunction, categoryId: string, subcategoryId: string): string {
  if (!subcategoryId) return '';
  return t(`tickets.categories.${categoryId}.sub.${subcategoryId}`, { defaultValue: subcategoryId });
}

/** "Category › Subcategory" (or just the category when there is no subcategory). */
export function categoryPath(t: TFunction, categoryId: string, subcategoryId: string): string {
  const sub = subcategoryName(t, categoryId, subcategoryId);
  const name = categoryName(t, categoryId);
  return sub ? `${name} › ${sub}` : name;
}
