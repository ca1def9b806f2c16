import {
  CLOTHES_ITEM_TYPES,
  CLOTHES_VARIANTS,
  CLOTHES_WITH_VARIANT,
  type ClothesItem,
  type ClothesItemType,
  MAX_ITEM_QUANTITY,
  type WorkerProfile,
} from '@domain';
import { useId, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CategoryForm, CategoryFormContext } from '../category-form';
import { FieldError } from '../fields';
import { Checkbox } from '../../../components/ui/checkbox';
import { FIELD_CLASSES } from '../../../components/ui/form-field';
import { InputNumber } from '../../../components/ui/input-number';
import { Radio } from '../../../components/ui/radio';
import { TextInput } from '../../../components/ui/text-input';
import './clothes-form.css';

// The form value `items` holds only the ticked rows, in catalogue order. What a worker typed in a
// row they then unticked stays in local state, so ticking it again brings it back.

type ClothesVariant = (typeof CLOTHES_VARIANTS)[number];
/** A row as edited: the quantity may be empty while typing (the schema then says so). */
type ItemValue = Omit<ClothesItem, 'quantity'> & { quantity: number | undefined };
type RowValues = Omit<ItemValue, 'type'>;
type RowField = 'variant' | 'size' | 'quantity';
const ROW_FIELDS: readonly RowField[] = ['variant', 'size', 'quantity'];

const SIZE_MAX_CHARS = 10;

const hasVariant = (type: ClothesItemType) => CLOTHES_WITH_VARIANT.includes(type);

/** Winter clothes from October to March, summer ones otherwise. */
export function seasonalVariant(today: string): ClothesVariant {
  const month = Number(today.slice(5, 7));
  return month >= 10 || month <= 3 ? 'winter' : 'summer';
}

/** The size the directory already knows for an item, if any. */
function profileSize(type: ClothesItemType, worker: WorkerProfile | null): string {
  if (!worker) return '';
  if (type === 'jacket') return worker.jacketSize ?? '';
  if (type === 'pants') return worker.pantsSize ?? '';
  if (type === 'shoes') return worker.shoesSize ?? '';
  return '';
}

function initialRows(today: string, worker: WorkerProfile | null): Record<ClothesItemType, RowValues> {
  const variant = seasonalVariant(today);
  return Object.fromEntries(
    CLOTHES_ITEM_TYPES.map((type) => [
      type,
      { variant: hasVariant(type) ? variant : null, size: profileSize(type, worker), quantity: 1 },
    ]),
  ) as Record<ClothesItemType, RowValues>;
}

const catalogueOrder = (a: ItemValue, b: ItemValue) =>
  CLOTHES_ITEM_TYPES.indexOf(a.type) - CLOTHES_ITEM_TYPES.indexOf(b.type);

type ClothesRowProps = {
  type: ClothesItemType;
  /** The row's values: the form's item when ticked, else what was typed before. */
  values: RowValues;
  isChecked: boolean;
  /** The list says "select a size" and this row has none: outline its size box. */
  isSizeMissing: boolean;
  /** Position in `items`, for the row's own error messages. */
  index: number;
  onToggle: (isChecked: boolean) => void;
  onChange: (patch: Partial<RowValues>) => void;
};

function ClothesRow({ type, values, isChecked, isSizeMissing, index, onToggle, onChange }: ClothesRowProps) {
  const { t } = useTranslation();
  const { getFieldState, formState } = useFormContext();
  const id = useId();
  const item = t(`tickets.form.clothes.item.${type}`);
  const errorOf = (field: RowField) =>
    index >= 0 ? getFieldState(`items.${index}.${field}`, formState).error?.message : undefined;
  const errors = ROW_FIELDS.flatMap((field) => {
    const message = errorOf(field);
    return message ? [{ field, message }] : [];
  });
  /** Ties a control to its own error line for screen readers. */
  const describedBy = (field: RowField) =>
    errors.some((error) => error.field === field) ? `${id}-${field}-error` : undefined;
  return (
    <li className="clothes-row">
      <Checkbox checked={isChecked} onChange={(event) => onToggle(event.target.checked)}>
        {item}
      </Checkbox>
      {isChecked && (
        <div className="clothes-row-fields">
          {hasVariant(type) && (
            <div className="clothes-row-field">
              <span className={FIELD_CLASSES.label} aria-hidden="true">
                {t('tickets.form.clothes.variant')}
              </span>
              <Radio.Group
                name={`${id}-variant`}
                aria-label={t('tickets.form.clothes.variantOf', { item })}
                aria-describedby={describedBy('variant')}
                optionType="button"
                value={values.variant}
                onChange={(event) => onChange({ variant: event.target.value as ClothesVariant })}
                options={CLOTHES_VARIANTS.map((variant) => ({
                  value: variant,
                  label: t(`tickets.form.clothes.variants.${variant}`),
                }))}
              />
            </div>
          )}
          <div className="clothes-row-field">
            <label htmlFor={`${id}-size`} className={FIELD_CLASSES.label}>
              {t('tickets.form.clothes.size')}
            </label>
            <TextInput
              id={`${id}-size`}
              aria-label={t('tickets.form.clothes.sizeOf', { item })}
              className="clothes-size"
              maxLength={SIZE_MAX_CHARS}
              value={values.size}
              status={isSizeMissing || describedBy('size') ? 'error' : undefined}
              aria-invalid={isSizeMissing || describedBy('size') ? true : undefined}
              aria-describedby={describedBy('size')}
              onChange={(event) => onChange({ size: event.target.value })}
            />
          </div>
          <div className="clothes-row-field">
            <label htmlFor={`${id}-quantity`} className={FIELD_CLASSES.label}>
              {t('tickets.form.clothes.quantity')}
            </label>
            <InputNumber<number>
              id={`${id}-quantity`}
              aria-label={t('tickets.form.clothes.quantityOf', { item })}
              className="clothes-quantity"
              min={1}
              max={MAX_ITEM_QUANTITY}
              precision={0}
              inputMode="numeric"
              status={describedBy('quantity') ? 'error' : undefined}
              aria-invalid={describedBy('quantity') ? true : undefined}
              aria-describedby={describedBy('quantity')}
              value={values.quantity ?? null}
              onChange={(quantity) => onChange({ quantity: quantity ?? undefined })}
            />
          </div>
        </div>
      )}
      {errors.map(({ field, message }) => (
        <FieldError key={field} id={`${id}-${field}-error`} message={message} />
      ))}
    </li>
  );
}

function ClothesFields({ today, worker }: CategoryFormContext) {
  const { t } = useTranslation();
  const id = useId();
  const { field, fieldState } = useController({ name: 'items' });
  const items = (Array.isArray(field.value) ? field.value : []) as ItemValue[];
  const [drafts, setDrafts] = useState(() => initialRows(today, worker));
  const listError = fieldState.error?.message;
  const errorId = `${id}-error`;

  const commit = (next: ItemValue[]) => field.onChange([...next].sort(catalogueOrder));

  const toggle = (type: ClothesItemType, isChecked: boolean) => {
    if (isChecked) {
      commit([...items.filter((item) => item.type !== type), { type, ...drafts[type] }]);
      return;
    }
    const current = items.find((item) => item.type === type);
    if (current) {
      const { type: _type, ...values } = current;
      setDrafts((previous) => ({ ...previous, [type]: values }));
    }
    commit(items.filter((item) => item.type !== type));
  };

  const update = (type: ClothesItemType, patch: Partial<RowValues>) =>
    commit(items.map((item) => (item.type === type ? { ...item, ...patch } : item)));

  return (
    <fieldset
      className={`${FIELD_CLASSES.row} clothes-items`}
      aria-describedby={listError ? errorId : undefined}
    >
      <legend className={`${FIELD_CLASSES.label} clothes-items-legend`}>
        {t('tickets.form.clothes.items')}
        <span aria-hidden="true"> *</span>
      </legend>
      <div className={FIELD_CLASSES.hint}>{t('tickets.form.clothes.itemsHint')}</div>
      <ul className="clothes-list">
        {CLOTHES_ITEM_TYPES.map((type) => {
          const index = items.findIndex((item) => item.type === type);
          const current = items[index];
          return (
            <ClothesRow
              key={type}
              type={type}
              values={current ?? drafts[type]}
              isChecked={current !== undefined}
              isSizeMissing={listError === 'validation.selectSize' && (current?.size.trim() ?? '') === ''}
              index={index}
              onToggle={(isChecked) => toggle(type, isChecked)}
              onChange={(patch) => update(type, patch)}
            />
          );
        })}
      </ul>
      {listError && <FieldError id={errorId} message={listError} />}
    </fieldset>
  );
}

export const clothesForm: CategoryForm = {
  defaultValues: () => ({ items: [] }),
  Fields: ClothesFields,
  descriptionHintKey: 'tickets.form.clothes.descriptionHint',
};
