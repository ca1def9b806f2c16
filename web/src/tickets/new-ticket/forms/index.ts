import type { TicketCategoryId } from '@domain';
import type { CategoryForm } from '../category-form';

// Each category's fields are their own chunk: a worker filing an absence never loads the tool
// catalogue browser.
const loaders: Record<TicketCategoryId, () => Promise<CategoryForm>> = {
  presalary: () => import('./presalary-form').then((m) => m.presalaryForm),
  absences: () => import('./absences-form').then((m) => m.absencesForm),
  clothes: () => import('./clothes-form').then((m) => m.clothesForm),
  tools: () => import('./tools-form').then((m) => m.toolsForm),
  receipts: () => import('./receipts-form').then((m) => m.receiptsForm),
  car: () => import('./car-form').then((m) => m.carForm),
  accommodation: () => import('./accommodation-form').then((m) => m.accommodationForm),
  salary: () => import('./salary-form').then((m) => m.salaryForm),
  workhours: () => import('./workhours-form').then((m) => m.workhoursForm),
};

export function loadCategoryForm(category: TicketCategoryId): Promise<CategoryForm> {
  return loaders[category]();
}
