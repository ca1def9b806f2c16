import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_FILE_SIZE_BYTES } from './constants.js';
import {
  ABSENCE_TYPES,
  CATEGORIES_WITH_FILES,
  CLOTHES_ITEM_TYPES,
  RECEIPT_CURRENCIES,
  TICKET_FORM_SCHEMAS,
  absenceSchema,
  accommodationSchema,
  attachFilesSchema,
  attachmentMetaSchema,
  attachmentsSchema,
  carSchema,
  clothesSchema,
  fieldMessages,
  dayRangeErrors,
  isAttachmentRequired,
  presalarySchema,
  receiptsSchema,
  recentSalaryPeriods,
  requestIdSchema,
  salarySchema,
  selectablePresalaryPeriods,
  ticketSubmissionSchema,
  toolsSchema,
  workhoursSchema,
} from './ticket-schemas.js';
import { ticketFilesFolder } from './ticket-workflow.js';
import { MAX_SEARCH_TOKENS, searchTokenOf, searchWordsOf, ticketSearchTokens } from './search.js';
import { TICKET_CATEGORIES } from './tickets.js';
import {
  TICKET_NUMBER_DRAWS,
  TICKET_NUMBER_WIDTHS,
  drawTicketNumbers,
  formatTicketNumber,
  ticketNumberPrefix,
} from './ticket-number.js';

// --- helpers -------------------------------------------------------------------------------

/** Field path -> first message key of a payload the schema must refuse. */
function messagesOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected the schema to refuse ${JSON.stringify(input)}`);
  return fieldMessages(result.error);
}

/** The parsed output of a payload the schema must accept. */
function parsed<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new Error(`expected the schema to accept it, got ${JSON.stringify(fieldMessages(result.error))}`);
  }
  return result.data;
}

/** A copy of a payload without one field. */
function without<T extends object>(value: T, key: string): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([name]) => name !== key)) as Partial<T>;
}

const REQUEST_ID = 'req-0001_abcd';
const pdf = { name: 'certificate.pdf', size: 120_000, contentType: 'application/pdf' };
const photo = { name: 'photo.jpg', size: 2_000_000, contentType: 'image/jpeg' };
const longText = (length: number) => 'x'.repeat(length);

// --- valid payloads, one per category ------------------------------------------------------

const validPresalary = {
  requestId: REQUEST_ID,
  category: 'presalary',
  subcategory: 'advance',
  description: '  Rent is due before payday  ',
  amount: 250.5,
  currency: 'EUR',
  reason: '  Rent  ',
  period: '2026-03-H2',
  termsAccepted: true,
};
const validAbsence = {
  requestId: REQUEST_ID,
  category: 'absences',
  subcategory: 'vacation',
  description: 'Summer holiday',
  reason: 'Family trip',
  startDate: '2026-07-01',
  endDate: '2026-07-14',
};
const validClothes = {
  requestId: REQUEST_ID,
  category: 'clothes',
  subcategory: 'newWorkwear',
  description: 'New starter kit',
  items: [
    { type: 'jacket', variant: 'winter', size: ' XL ', quantity: 1 },
    { type: 'beanie', size: 'M', quantity: 2 },
  ],
};
const validTools = {
  requestId: REQUEST_ID,
  category: 'tools',
  subcategory: 'order',
  description: 'For the Oslo site',
  tools: [
    { toolId: 'cordless-drill', quantity: 1 },
    { toolId: 'tape_measure', quantity: 3 },
  ],
};
const validReceipts = {
  requestId: REQUEST_ID,
  category: 'receipts',
  subcategory: 'fuel',
  description: 'Diesel for the van',
  amount: 45.9,
  currency: 'PLN',
  purchaseDate: '2026-03-02',
  attachments: [photo],
};
const validCar = {
  requestId: REQUEST_ID,
  category: 'car',
  subcategory: 'damage',
  description: 'Scratched door',
  carPlate: '  ab 123   cd ',
};
const validAccommodation = {
  requestId: REQUEST_ID,
  category: 'accommodation',
  subcategory: 'repair',
  description: 'The heater does not work',
  address: '  Storgatan 1, Oslo  ',
};
const validSalary = {
  requestId: REQUEST_ID,
  category: 'salary',
  subcategory: 'missingPayment',
  description: 'Overtime is missing',
  period: '2026-02-H2',
};
const validWorkhours = {
  requestId: REQUEST_ID,
  category: 'workhours',
  subcategory: 'missingHours',
  description: 'Saturday shift not counted',
  startDate: '2026-03-07',
  endDate: '2026-03-07',
  hours: 8,
};

const VALID_PAYLOADS = {
  presalary: validPresalary,
  absences: validAbsence,
  clothes: validClothes,
  tools: validTools,
  receipts: validReceipts,
  car: validCar,
  accommodation: validAccommodation,
  salary: validSalary,
  workhours: validWorkhours,
} satisfies Record<keyof typeof TICKET_FORM_SCHEMAS, object>;

const CATEGORY_IDS = Object.keys(VALID_PAYLOADS) as (keyof typeof VALID_PAYLOADS)[];

// --- tests ---------------------------------------------------------------------------------

describe('the form schemas as a set', () => {
  it('has one schema per ticket category, all taking attachments', () => {
    const ids = TICKET_CATEGORIES.map((category) => category.id);
    expect(Object.keys(TICKET_FORM_SCHEMAS).sort()).toEqual([...ids].sort());
    expect([...CATEGORIES_WITH_FILES].sort()).toEqual([...ids].sort());
  });

  it.each(
    TICKET_CATEGORIES.flatMap((category) => category.subcategories.map((sub) => [category.id, sub] as const)),
  )('accepts the %s subcategory %s from the catalogue', (categoryId, subcategory) => {
    const id = categoryId as keyof typeof VALID_PAYLOADS;
    const result = TICKET_FORM_SCHEMAS[id].safeParse({ ...VALID_PAYLOADS[id], subcategory });
    const paths = result.success ? [] : Object.keys(fieldMessages(result.error));
    expect(paths).not.toContain('subcategory');
  });

  it.each(CATEGORY_IDS)('%s: refuses a subcategory outside its catalogue, and a missing one', (id) => {
    expect(
      Object.keys(messagesOf(TICKET_FORM_SCHEMAS[id], { ...VALID_PAYLOADS[id], subcategory: 'boats' })),
    ).toEqual(['subcategory']);
    expect(
      Object.keys(messagesOf(TICKET_FORM_SCHEMAS[id], without(VALID_PAYLOADS[id], 'subcategory'))),
    ).toEqual(['subcategory']);
  });

  it('uses the absence type as the absence subcategory', () => {
    expect(TICKET_CATEGORIES.find((category) => category.id === 'absences')?.subcategories).toEqual(
      ABSENCE_TYPES,
    );
    expect(messagesOf(absenceSchema, without(validAbsence, 'subcategory'))).toEqual({
      subcategory: 'validation.required',
    });
  });
});

describe('valid payloads', () => {
  it('presalary: trims the texts and defaults the attachments', () => {
    expect(parsed(presalarySchema, validPresalary)).toEqual({
      ...validPresalary,
      description: 'Rent is due before payday',
      reason: 'Rent',
      attachments: [],
    });
  });

  it('absences: defaults the medical-certificate flag to false', () => {
    expect(parsed(absenceSchema, validAbsence)).toEqual({
      ...validAbsence,
      hasMedicalCertificate: false,
      attachments: [],
    });
  });

  it('clothes: trims sizes and gives items without a variant a null one', () => {
    expect(parsed(clothesSchema, validClothes).items).toEqual([
      { type: 'jacket', variant: 'winter', size: 'XL', quantity: 1 },
      { type: 'beanie', variant: null, size: 'M', quantity: 2 },
    ]);
  });

  it('tools: keeps the order lines', () => {
    expect(parsed(toolsSchema, validTools)).toEqual({ ...validTools, attachments: [] });
  });

  it('receipts: keeps amount, currency, date and files', () => {
    expect(parsed(receiptsSchema, validReceipts)).toEqual(validReceipts);
  });

  it('car: upper-cases the plate and collapses its spaces', () => {
    expect(parsed(carSchema, validCar)).toEqual({
      ...validCar,
      carPlate: 'AB 123 CD',
      attachments: [],
    });
  });

  it('accommodation: trims the address', () => {
    expect(parsed(accommodationSchema, validAccommodation).address).toBe('Storgatan 1, Oslo');
  });

  it('salary: keeps the period', () => {
    expect(parsed(salarySchema, validSalary)).toEqual({ ...validSalary, attachments: [] });
  });

  it('workhours: keeps dates and hours, hours are optional', () => {
    expect(parsed(workhoursSchema, validWorkhours)).toEqual({ ...validWorkhours, attachments: [] });
    expect(parsed(workhoursSchema, without(validWorkhours, 'hours')).hours).toBeUndefined();
  });

  it.each(CATEGORY_IDS)('%s: the submission schema picks the category schema by its category', (id) => {
    expect(parsed(ticketSubmissionSchema, VALID_PAYLOADS[id])).toEqual(
      parsed(TICKET_FORM_SCHEMAS[id], VALID_PAYLOADS[id]),
    );
  });
});

describe('required fields', () => {
  const required: [string, object, z.ZodType, string[]][] = [
    [
      'presalary',
      validPresalary,
      presalarySchema,
      ['description', 'amount', 'currency', 'reason', 'period', 'termsAccepted'],
    ],
    [
      'absences',
      validAbsence,
      absenceSchema,
      ['description', 'subcategory', 'reason', 'startDate', 'endDate'],
    ],
    ['clothes', validClothes, clothesSchema, ['description']],
    ['tools', validTools, toolsSchema, ['description']],
    ['receipts', validReceipts, receiptsSchema, ['description', 'amount', 'currency']],
    ['car', validCar, carSchema, ['description', 'carPlate']],
    ['accommodation', validAccommodation, accommodationSchema, ['description', 'address']],
    ['salary', validSalary, salarySchema, ['description', 'period']],
    ['workhours', validWorkhours, workhoursSchema, ['description', 'startDate', 'endDate']],
  ];
  const missing = required.flatMap(([name, valid, schema, fields]) =>
    fields.map((field) => [name, field, valid, schema] as const),
  );

  it.each(missing)('%s: a missing %s is validation.required', (_name, field, valid, schema) => {
    expect(messagesOf(schema, without(valid, field))).toEqual({ [field]: 'validation.required' });
  });

  const textFields = missing.filter(([, field]) =>
    ['description', 'reason', 'carPlate', 'address', 'period', 'startDate', 'endDate'].includes(field),
  );
  it.each(textFields)('%s: an empty %s is validation.required', (_name, field, valid, schema) => {
    expect(messagesOf(schema, { ...valid, [field]: '' })).toEqual({ [field]: 'validation.required' });
  });

  const trimmedFields = missing.filter(([, field]) =>
    ['description', 'reason', 'carPlate', 'address'].includes(field),
  );
  it.each(trimmedFields)('%s: a whitespace-only %s is validation.required', (_name, field, valid, schema) => {
    expect(messagesOf(schema, { ...valid, [field]: ' \t\n ' })).toEqual({ [field]: 'validation.required' });
  });
});

describe('text lengths', () => {
  it('allows a 2000-character description, surrounding spaces not counted', () => {
    expect(parsed(carSchema, { ...validCar, description: longText(2000) }).description).toHaveLength(2000);
    expect(parsed(carSchema, { ...validCar, description: `  ${longText(2000)}  ` }).description).toHaveLength(
      2000,
    );
  });

  it.each(CATEGORY_IDS)('%s: refuses a 2001-character description', (id) => {
    expect(
      messagesOf(TICKET_FORM_SCHEMAS[id], { ...VALID_PAYLOADS[id], description: longText(2001) }),
    ).toEqual({
      description: 'validation.maxChars:2000',
    });
  });

  it('limits the presalary and absence reason to 500 characters', () => {
    expect(parsed(presalarySchema, { ...validPresalary, reason: longText(500) }).reason).toHaveLength(500);
    expect(messagesOf(presalarySchema, { ...validPresalary, reason: longText(501) })).toEqual({
      reason: 'validation.maxChars:500',
    });
    expect(messagesOf(absenceSchema, { ...validAbsence, reason: longText(501) })).toEqual({
      reason: 'validation.maxChars:500',
    });
  });

  it('limits the accommodation address to 200 characters', () => {
    expect(
      parsed(accommodationSchema, { ...validAccommodation, address: longText(200) }).address,
    ).toHaveLength(200);
    expect(messagesOf(accommodationSchema, { ...validAccommodation, address: longText(201) })).toEqual({
      address: 'validation.maxChars:200',
    });
  });
});

describe('presalary', () => {
  it.each([
    ['missing', undefined, 'validation.required'],
    ['empty (null from the number input)', null, 'validation.required'],
    ['NaN', Number.NaN, 'validation.number'],
    ['a string', '150', 'validation.number'],
    ['Infinity', Number.POSITIVE_INFINITY, 'validation.number'],
    ['0', 0, 'validation.amountGreaterThanZero'],
    ['negative', -150, 'validation.amountGreaterThanZero'],
    ['99.99', 99.99, 'validation.presalaryMin'],
    ['500.01', 500.01, 'validation.presalaryMax'],
    ['1000', 1000, 'validation.presalaryMax'],
    ['three decimals', 150.005, 'validation.number'],
  ])('refuses an amount that is %s', (_label, amount, message) => {
    expect(messagesOf(presalarySchema, { ...validPresalary, amount })).toEqual({ amount: message });
  });

  it.each([100, 100.01, 123.45, 499.99, 500])('accepts %s euro', (amount) => {
    expect(parsed(presalarySchema, { ...validPresalary, amount }).amount).toBe(amount);
  });

  it('accepts every whole-cent amount from 100.00 to 500.00 (no floating-point surprises)', () => {
    const refused: number[] = [];
    for (let cents = 10_000; cents <= 50_000; cents++) {
      if (!presalarySchema.shape.amount.safeParse(cents / 100).success) refused.push(cents / 100);
    }
    expect(refused).toEqual([]);
  });

  it('reports 0 as not greater than zero first, before the minimum', () => {
    const result = presalarySchema.safeParse({ ...validPresalary, amount: 0 });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'validation.amountGreaterThanZero',
      'validation.presalaryMin',
    ]);
  });

  it.each(['SEK', 'PLN', 'eur', ''])('refuses the currency %j: presalary is paid in euro', (currency) => {
    expect(messagesOf(presalarySchema, { ...validPresalary, currency })).toEqual({
      currency: 'validation.required',
    });
  });

  it.each([false, 'true', 1])('refuses terms that are not accepted (%j)', (termsAccepted) => {
    expect(messagesOf(presalarySchema, { ...validPresalary, termsAccepted })).toEqual({
      termsAccepted: 'validation.required',
    });
  });

  it.each(['2026-01-H1', '2026-12-H2'])('accepts the period %s', (period) => {
    expect(parsed(presalarySchema, { ...validPresalary, period }).period).toBe(period);
  });

  it.each(['2026-13-H1', '2026-00-H1', '2026-3-H1', '2026-03-H3', '2026-03', '26-03-H1', '2026-03-h1'])(
    'refuses the period %s',
    (period) => {
      expect(messagesOf(presalarySchema, { ...validPresalary, period })).toEqual({
        period: 'validation.required',
      });
    },
  );
});

describe('absences', () => {
  it('refuses an end date before the start date, on the end date', () => {
    expect(
      messagesOf(absenceSchema, { ...validAbsence, startDate: '2026-07-14', endDate: '2026-07-13' }),
    ).toEqual({
      endDate: 'validation.endBeforeStart',
    });
    expect(
      messagesOf(absenceSchema, { ...validAbsence, startDate: '2027-01-01', endDate: '2026-12-31' }),
    ).toEqual({
      endDate: 'validation.endBeforeStart',
    });
  });

  it('allows a one-day absence (end equals start)', () => {
    expect(
      parsed(absenceSchema, { ...validAbsence, startDate: '2026-07-01', endDate: '2026-07-01' }).endDate,
    ).toBe('2026-07-01');
  });

  it.each(['2026-7-01', '01.07.2026', '2026/07/01', '2026-13-01', '2026-01-32', 'tomorrow'])(
    'refuses the date %s',
    (startDate) => {
      expect(messagesOf(absenceSchema, { ...validAbsence, startDate }).startDate).toBe('validation.date');
    },
  );

  it('accepts 29 February in a leap year', () => {
    expect(
      parsed(absenceSchema, { ...validAbsence, startDate: '2028-02-29', endDate: '2028-03-01' }).startDate,
    ).toBe('2028-02-29');
  });

  it('needs a file for sick leave', () => {
    const sickLeave = { ...validAbsence, subcategory: 'sickLeave' };
    expect(messagesOf(absenceSchema, sickLeave)).toEqual({ attachments: 'validation.sickLeaveFile' });
    expect(parsed(absenceSchema, { ...sickLeave, attachments: [pdf] }).attachments).toEqual([pdf]);
  });

  it('needs a file when any absence says it has a medical certificate', () => {
    const flagged = { ...validAbsence, subcategory: 'personal', hasMedicalCertificate: true };
    expect(messagesOf(absenceSchema, flagged)).toEqual({ attachments: 'validation.sickLeaveFile' });
    expect(parsed(absenceSchema, { ...flagged, attachments: [photo] }).hasMedicalCertificate).toBe(true);
  });

  it.each(['vacation', 'unpaidLeave', 'personal'])('takes %s without a file', (subcategory) => {
    expect(parsed(absenceSchema, { ...validAbsence, subcategory }).attachments).toEqual([]);
  });

  it('reports every problem of the form at once', () => {
    const input = {
      ...validAbsence,
      subcategory: 'sickLeave',
      reason: '',
      startDate: '2026-07-14',
      endDate: '2026-07-01',
    };
    expect(messagesOf(absenceSchema, input)).toEqual({
      reason: 'validation.required',
      endDate: 'validation.endBeforeStart',
      attachments: 'validation.sickLeaveFile',
    });
  });
});

describe('clothes', () => {
  const item = (overrides: object) => ({ type: 'beanie', size: 'M', quantity: 1, ...overrides });
  const withItems = (...items: object[]) => ({ ...validClothes, items });

  it('needs at least one item', () => {
    expect(messagesOf(clothesSchema, withItems())).toEqual({ items: 'validation.selectItem' });
  });

  it.each(['', '   '])('needs a size for every item (size %j), one message for the list', (size) => {
    expect(messagesOf(clothesSchema, withItems(item({}), item({ type: 'buff', size })))).toEqual({
      items: 'validation.selectSize',
    });
  });

  it('limits the size to 10 characters', () => {
    expect(messagesOf(clothesSchema, withItems(item({ size: longText(11) })))).toEqual({
      'items.0.size': 'validation.maxChars:10',
    });
  });

  it.each(['jacket', 'pants', 'shoes'])('needs a summer or winter variant for %s', (type) => {
    expect(messagesOf(clothesSchema, withItems(item({ type })))).toEqual({
      'items.0.variant': 'validation.required',
    });
    expect(messagesOf(clothesSchema, withItems(item({ type, variant: null })))).toEqual({
      'items.0.variant': 'validation.required',
    });
    expect(parsed(clothesSchema, withItems(item({ type, variant: 'summer' }))).items[0]?.variant).toBe(
      'summer',
    );
  });

  it.each(['beanie', 'buff', 'longSleeveShirt'])('takes %s without a variant', (type) => {
    expect(parsed(clothesSchema, withItems(item({ type }))).items[0]?.variant).toBeNull();
  });

  it('refuses the same item twice, but allows both variants of one item', () => {
    expect(messagesOf(clothesSchema, withItems(item({}), item({ size: 'L' })))).toEqual({
      items: 'validation.duplicateItem',
    });
    expect(
      messagesOf(
        clothesSchema,
        withItems(
          item({ type: 'jacket', variant: 'winter' }),
          item({ type: 'jacket', variant: 'winter', size: 'L' }),
        ),
      ),
    ).toEqual({ items: 'validation.duplicateItem' });
    expect(
      parsed(
        clothesSchema,
        withItems(item({ type: 'jacket', variant: 'winter' }), item({ type: 'jacket', variant: 'summer' })),
      ).items,
    ).toHaveLength(2);
  });

  it.each([
    [0, 'validation.positive'],
    [-1, 'validation.positive'],
    [1.5, 'validation.number'],
    [Number.NaN, 'validation.number'],
    [undefined, 'validation.required'],
  ])('refuses the quantity %s', (quantity, message) => {
    expect(messagesOf(clothesSchema, withItems(item({ quantity })))).toEqual({ 'items.0.quantity': message });
  });

  it('accepts up to 20 of an item and every item type once', () => {
    expect(parsed(clothesSchema, withItems(item({ quantity: 20 }))).items[0]?.quantity).toBe(20);
    expect(Object.keys(messagesOf(clothesSchema, withItems(item({ quantity: 21 }))))).toEqual([
      'items.0.quantity',
    ]);
    const everyType = CLOTHES_ITEM_TYPES.map((type) => item({ type, variant: 'winter' }));
    expect(parsed(clothesSchema, withItems(...everyType)).items).toHaveLength(CLOTHES_ITEM_TYPES.length);
  });
});

describe('tools', () => {
  it('needs at least one tool for an order', () => {
    expect(messagesOf(toolsSchema, { ...validTools, tools: [] })).toEqual({ tools: 'validation.addTool' });
    expect(messagesOf(toolsSchema, without(validTools, 'tools'))).toEqual({ tools: 'validation.addTool' });
  });

  it('takes a repair request without tools', () => {
    expect(parsed(toolsSchema, { ...without(validTools, 'tools'), subcategory: 'repair' }).tools).toEqual([]);
  });

  it('refuses the same tool on two lines', () => {
    const tools = [
      { toolId: 'cordless-drill', quantity: 1 },
      { toolId: 'cordless-drill', quantity: 2 },
    ];
    expect(messagesOf(toolsSchema, { ...validTools, tools })).toEqual({ tools: 'validation.duplicateItem' });
  });

  it.each([
    [0, 'validation.positive'],
    [2.5, 'validation.number'],
    [undefined, 'validation.required'],
  ])('refuses the quantity %s', (quantity, message) => {
    expect(messagesOf(toolsSchema, { ...validTools, tools: [{ toolId: 'saw', quantity }] })).toEqual({
      'tools.0.quantity': message,
    });
  });

  it('accepts up to 99 of a tool', () => {
    expect(
      parsed(toolsSchema, { ...validTools, tools: [{ toolId: 'saw', quantity: 99 }] }).tools,
    ).toHaveLength(1);
    expect(
      Object.keys(messagesOf(toolsSchema, { ...validTools, tools: [{ toolId: 'saw', quantity: 100 }] })),
    ).toEqual(['tools.0.quantity']);
  });

  it.each(['', 'a b', 'drill/1', longText(65)])('refuses the tool id %j', (toolId) => {
    expect(Object.keys(messagesOf(toolsSchema, { ...validTools, tools: [{ toolId, quantity: 1 }] }))).toEqual(
      ['tools.0.toolId'],
    );
  });
});

describe('receipts', () => {
  it.each([
    [0, 'validation.amountGreaterThanZero'],
    [-10, 'validation.amountGreaterThanZero'],
    [10.001, 'validation.number'],
    [1_000_000.01, 'validation.number'],
    [undefined, 'validation.required'],
  ])('refuses the amount %s', (amount, message) => {
    expect(messagesOf(receiptsSchema, { ...validReceipts, amount })).toEqual({ amount: message });
  });

  it('accepts small amounts: the presalary limits do not apply', () => {
    expect(parsed(receiptsSchema, { ...validReceipts, amount: 0.01 }).amount).toBe(0.01);
    expect(parsed(receiptsSchema, { ...validReceipts, amount: 999_999.99 }).amount).toBe(999_999.99);
  });

  it('needs at least one file', () => {
    expect(messagesOf(receiptsSchema, { ...validReceipts, attachments: [] })).toEqual({
      attachments: 'validation.receiptFile',
    });
    expect(messagesOf(receiptsSchema, without(validReceipts, 'attachments'))).toEqual({
      attachments: 'validation.receiptFile',
    });
  });

  it.each(RECEIPT_CURRENCIES)('accepts %s', (currency) => {
    expect(parsed(receiptsSchema, { ...validReceipts, currency }).currency).toBe(currency);
  });

  it('refuses another currency', () => {
    expect(messagesOf(receiptsSchema, { ...validReceipts, currency: 'USD' })).toEqual({
      currency: 'validation.required',
    });
  });

  it('takes the purchase date as optional, but it must be a day', () => {
    expect(parsed(receiptsSchema, without(validReceipts, 'purchaseDate')).purchaseDate).toBeUndefined();
    expect(messagesOf(receiptsSchema, { ...validReceipts, purchaseDate: '2.3.2026' })).toEqual({
      purchaseDate: 'validation.date',
    });
  });
});

describe('car', () => {
  it('accepts a 15-character plate and refuses a 16-character one', () => {
    expect(parsed(carSchema, { ...validCar, carPlate: 'ABCDEFGHIJKLMNO' }).carPlate).toBe('ABCDEFGHIJKLMNO');
    expect(messagesOf(carSchema, { ...validCar, carPlate: 'ABCDEFGHIJKLMNOP' })).toEqual({
      carPlate: 'validation.maxChars:15',
    });
  });

  it('upper-cases Polish and Nordic plates alike', () => {
    expect(parsed(carSchema, { ...validCar, carPlate: 'wx 1234a' }).carPlate).toBe('WX 1234A');
    expect(parsed(carSchema, { ...validCar, carPlate: 'ab\t12345' }).carPlate).toBe('AB 12345');
  });
});

describe('salary', () => {
  it.each(['2026-13-H1', '2026-02-H0', 'H1', '2026-02'])('refuses the period %s', (period) => {
    expect(messagesOf(salarySchema, { ...validSalary, period })).toEqual({ period: 'validation.required' });
  });
});

describe('workhours', () => {
  it('refuses an end date before the start date and allows the same day', () => {
    expect(
      messagesOf(workhoursSchema, { ...validWorkhours, startDate: '2026-03-08', endDate: '2026-03-07' }),
    ).toEqual({ endDate: 'validation.endBeforeStart' });
    expect(parsed(workhoursSchema, validWorkhours).startDate).toBe(validWorkhours.endDate);
  });

  it('refuses a date that is not YYYY-MM-DD', () => {
    expect(messagesOf(workhoursSchema, { ...validWorkhours, endDate: '7.3.2026' })).toEqual({
      endDate: 'validation.date',
    });
  });

  it.each([
    [0, 'validation.positive'],
    [-8, 'validation.positive'],
    [1000.5, 'validation.number'],
    [Number.NaN, 'validation.number'],
    ['8', 'validation.number'],
  ])('refuses %s hours', (hours, message) => {
    expect(messagesOf(workhoursSchema, { ...validWorkhours, hours })).toEqual({ hours: message });
  });

  it.each([0.5, 7.75, 1000])('accepts %s hours', (hours) => {
    expect(parsed(workhoursSchema, { ...validWorkhours, hours }).hours).toBe(hours);
  });
});

describe('attachments', () => {
  const file = (overrides: object) => ({ ...photo, ...overrides });

  it('allows a file of exactly 5 MB and refuses one byte more', () => {
    expect(MAX_FILE_SIZE_BYTES).toBe(5 * 1024 * 1024);
    expect(parsed(attachmentMetaSchema, file({ size: 5 * 1024 * 1024 })).size).toBe(5 * 1024 * 1024);
    expect(messagesOf(attachmentMetaSchema, file({ size: 5 * 1024 * 1024 + 1 }))).toEqual({
      size: 'validation.fileTooLarge',
    });
  });

  it.each(['image/jpeg', 'image/png', 'image/heic', 'image/webp', 'image/avif', 'application/pdf'])(
    'allows %s',
    (contentType) => {
      expect(parsed(attachmentMetaSchema, file({ contentType })).contentType).toBe(contentType);
    },
  );

  it.each([
    'application/x-msdownload',
    'text/plain',
    'application/zip',
    'image/',
    'application/pdf; x',
    '',
    'image/svg+xml',
    'image/bmp',
    'image/tiff',
  ])('refuses the type %j', (contentType) => {
    expect(messagesOf(attachmentMetaSchema, file({ contentType }))).toEqual({
      contentType: 'validation.fileType',
    });
  });

  it('needs a file name of at most 200 characters', () => {
    expect(messagesOf(attachmentMetaSchema, file({ name: '  ' }))).toEqual({ name: 'validation.required' });
    expect(messagesOf(attachmentMetaSchema, file({ name: `${longText(197)}.pdf` }))).toEqual({
      name: 'validation.maxChars:200',
    });
  });

  it('allows 5 files and refuses 6', () => {
    const files = (count: number) =>
      Array.from({ length: count }, (_, i) => file({ name: `photo-${i}.jpg` }));
    expect(parsed(attachmentsSchema, files(5))).toHaveLength(5);
    expect(messagesOf(attachmentsSchema, files(6))).toEqual({ _: 'validation.maxFiles' });
    expect(messagesOf(receiptsSchema, { ...validReceipts, attachments: files(6) })).toEqual({
      attachments: 'validation.maxFiles',
    });
  });

  it('reports a bad file inside a form by its index', () => {
    const attachments = [photo, file({ size: MAX_FILE_SIZE_BYTES + 1 }), file({ contentType: 'text/html' })];
    expect(messagesOf(carSchema, { ...validCar, attachments })).toEqual({
      'attachments.1.size': 'validation.fileTooLarge',
      'attachments.2.contentType': 'validation.fileType',
    });
  });

  it('attaches 1 to 5 stored files to a ticket', () => {
    const stored = { ...photo, path: 'tickets/u1/t1/photo.jpg' };
    expect(parsed(attachFilesSchema, { ticketId: 't1', files: [stored] }).files).toEqual([stored]);
    expect(Object.keys(messagesOf(attachFilesSchema, { ticketId: 't1', files: [] }))).toEqual(['files']);
    expect(messagesOf(attachFilesSchema, { ticketId: 't1', files: Array(6).fill(stored) })).toEqual({
      files: 'validation.maxFiles',
    });
    expect(Object.keys(messagesOf(attachFilesSchema, { ticketId: '../t1', files: [stored] }))).toEqual([
      'ticketId',
    ]);
  });

  it('keeps a ticket files in its owner folder', () => {
    expect(ticketFilesFolder('u1', 't1')).toBe('tickets/u1/t1/');
  });
});

describe('requestId', () => {
  it.each(['abcdefgh', 'req-0001_abcd', longText(64), 'A1_-b2C3'])('accepts %s', (requestId) => {
    expect(requestIdSchema.parse(requestId)).toBe(requestId);
  });

  it.each(['abcdefg', longText(65), 'req 0001 abcd', 'req/0001/abcd', 'zażółć-gęślą', ''])(
    'refuses %j',
    (requestId) => {
      expect(messagesOf(requestIdSchema, requestId)).toEqual({ _: 'validation.requestId' });
    },
  );

  it('is part of every form', () => {
    expect(messagesOf(salarySchema, { ...validSalary, requestId: 'short' })).toEqual({
      requestId: 'validation.requestId',
    });
    expect(Object.keys(messagesOf(salarySchema, without(validSalary, 'requestId')))).toEqual(['requestId']);
  });
});

describe('ticketSubmissionSchema', () => {
  it('refuses an unknown or missing category on the category field', () => {
    const unknown = ticketSubmissionSchema.safeParse({ ...validSalary, category: 'boats' });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues).toMatchObject([{ code: 'invalid_union', path: ['category'] }]);
    expect(Object.keys(messagesOf(ticketSubmissionSchema, without(validSalary, 'category')))).toEqual([
      'category',
    ]);
  });

  it('validates a payload against the schema of the category it names', () => {
    expect(messagesOf(ticketSubmissionSchema, { ...validSalary, category: 'car' })).toEqual({
      subcategory: expect.any(String),
      carPlate: 'validation.required',
    });
    expect(messagesOf(ticketSubmissionSchema, { ...validPresalary, amount: 600 })).toEqual({
      amount: 'validation.presalaryMax',
    });
  });

  it('runs the category refinements too', () => {
    expect(messagesOf(ticketSubmissionSchema, { ...validReceipts, attachments: [] })).toEqual({
      attachments: 'validation.receiptFile',
    });
  });
});

describe('fieldMessages', () => {
  it('keeps the first message of each path, joins nested paths with dots, and names the root _', () => {
    expect(messagesOf(presalarySchema, { ...validPresalary, amount: -1, reason: '' })).toEqual({
      amount: 'validation.amountGreaterThanZero',
      reason: 'validation.required',
    });
    expect(
      messagesOf(clothesSchema, { ...validClothes, items: [{ type: 'shoes', size: '42', quantity: 1 }] }),
    ).toEqual({ 'items.0.variant': 'validation.required' });
    expect(messagesOf(attachmentsSchema, 'not a list')).toEqual({ _: expect.any(String) });
  });

  it('is empty for an error without issues', () => {
    expect(fieldMessages(new z.ZodError([]))).toEqual({});
  });
});

describe('selectablePresalaryPeriods', () => {
  it.each([
    ['2026-03-01', ['2026-03-H1', '2026-03-H2']],
    ['2026-03-10', ['2026-03-H1', '2026-03-H2']],
    ['2026-03-15', ['2026-03-H1', '2026-03-H2']],
    ['2026-03-16', ['2026-03-H2', '2026-04-H1']],
    ['2026-03-31', ['2026-03-H2', '2026-04-H1']],
    ['2026-09-20', ['2026-09-H2', '2026-10-H1']],
    ['2026-12-01', ['2026-12-H1', '2026-12-H2']],
    ['2026-12-16', ['2026-12-H2', '2027-01-H1']],
    ['2026-12-31', ['2026-12-H2', '2027-01-H1']],
    ['2028-02-29', ['2028-02-H2', '2028-03-H1']],
    ['2026-02-28', ['2026-02-H2', '2026-03-H1']],
  ])('on %s offers %j', (today, periods) => {
    expect(selectablePresalaryPeriods(today)).toEqual(periods);
  });

  it('offers periods the presalary schema accepts', () => {
    for (const period of selectablePresalaryPeriods('2026-12-20')) {
      expect(parsed(presalarySchema, { ...validPresalary, period }).period).toBe(period);
    }
  });

  it('refuses a day that does not exist', () => {
    expect(() => selectablePresalaryPeriods('2027-02-29')).toThrow(RangeError);
    expect(() => selectablePresalaryPeriods('not a day')).toThrow(RangeError);
  });
});

describe('recentSalaryPeriods', () => {
  it('lists the current period first, then the ones before it', () => {
    expect(recentSalaryPeriods('2026-03-20', 4)).toEqual([
      '2026-03-H2',
      '2026-03-H1',
      '2026-02-H2',
      '2026-02-H1',
    ]);
    expect(recentSalaryPeriods('2026-03-15', 3)).toEqual(['2026-03-H1', '2026-02-H2', '2026-02-H1']);
  });

  it('crosses into the previous year and keeps months two digits long', () => {
    expect(recentSalaryPeriods('2026-01-10', 4)).toEqual([
      '2026-01-H1',
      '2025-12-H2',
      '2025-12-H1',
      '2025-11-H2',
    ]);
    expect(recentSalaryPeriods('2026-10-05', 2)).toEqual(['2026-10-H1', '2026-09-H2']);
  });

  it('gives as many as asked, all valid salary periods', () => {
    expect(recentSalaryPeriods('2026-03-20', 0)).toEqual([]);
    expect(recentSalaryPeriods('2026-03-20', 1)).toEqual(['2026-03-H2']);
    const year = recentSalaryPeriods('2026-06-30', 24);
    expect(year).toHaveLength(24);
    expect(new Set(year).size).toBe(24);
    expect(year.at(-1)).toBe('2025-07-H1');
    for (const period of year) expect(parsed(salarySchema, { ...validSalary, period }).period).toBe(period);
  });
});

describe('search tokens', () => {
  it('indexes the ticket number, its digits and the description words, lower case and unique', () => {
    expect(ticketSearchTokens(' T-0012 ', 'Boots, BOOTS! a x9 Zażółć 42')).toEqual([
      't-0012',
      '0012',
      'boots',
      'x9',
      'zażółć',
      '42',
    ]);
  });

  it('skips one-character words and works without a number', () => {
    expect(ticketSearchTokens('', 'a b cd e')).toEqual(['cd']);
    expect(ticketSearchTokens('  ', '')).toEqual([]);
  });

  it('keeps at most 50 tokens, the number first', () => {
    const description = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    const tokens = ticketSearchTokens('T-0001', description);
    expect(tokens).toHaveLength(MAX_SEARCH_TOKENS);
    expect(MAX_SEARCH_TOKENS).toBe(50);
    expect(tokens.slice(0, 3)).toEqual(['t-0001', '0001', 'word0']);
    expect(tokens.at(-1)).toBe('word47');
  });

  it.each([
    ['T-12', 't-0012'],
    ['t-0012', 't-0012'],
    ['T12', 't-0012'],
    ['  T-0042  ', 't-0042'],
    ['t-12345', 't-12345'],
    ['T-2611-4821', 't-2611-4821'],
    ['t 2611 4821', 't-2611-4821'],
    ['2611-482113', 't-2611-482113'],
    ['4821', '4821'],
    ['12', '0012'],
    ['12345', '12345'],
    ['broken boots leaking', 'leaking'],
    ['Zażółć x', 'zażółć'],
    ['ab cd', 'ab'],
    ['a', ''],
    ['', ''],
    [' !? ', ''],
  ])('looks %j up by %j', (query, token) => {
    expect(searchTokenOf(query)).toBe(token);
  });

  it.each([1, 12, 999, 9999, 12345])(
    'finds ticket %i by the number typed with or without zeros',
    (sequence) => {
      const tokens = ticketSearchTokens(formatTicketNumber(sequence), 'anything');
      expect(tokens).toContain(searchTokenOf(`T-${sequence}`));
      expect(tokens).toContain(searchTokenOf(formatTicketNumber(sequence)));
    },
  );

  it.each(['T-2611-4821', 'T-2612-48213', 'T-2701-100000'])(
    'finds drawn number %s by the whole number and by its drawn part',
    (number) => {
      const tokens = ticketSearchTokens(number, 'anything');
      const drawn = number.split('-')[2] ?? '';
      for (const typed of [number, number.toLowerCase(), number.slice(2), drawn]) {
        expect(tokens, typed).toContain(searchTokenOf(typed));
      }
    },
  );

  it('splits a search entry like a description', () => {
    expect(searchWordsOf('Broken, BOOTS! a x9')).toEqual(['broken', 'boots', 'x9']);
    expect(searchWordsOf('   ')).toEqual([]);
  });
});

describe('ticket numbers', () => {
  it('are prefixed with the UTC month of filing', () => {
    expect(ticketNumberPrefix(Date.parse('2026-11-28T10:42:00Z'))).toBe('T-2611');
    expect(ticketNumberPrefix(Date.parse('2026-12-31T23:59:59Z'))).toBe('T-2612');
    expect(ticketNumberPrefix(Date.parse('2027-01-01T00:00:00Z'))).toBe('T-2701');
  });

  it('draws distinct numbers of the asked width, without leading zeros', () => {
    for (const width of TICKET_NUMBER_WIDTHS) {
      const drawn = drawTicketNumbers('T-2611', width, TICKET_NUMBER_DRAWS);
      expect(new Set(drawn).size).toBe(TICKET_NUMBER_DRAWS);
      for (const number of drawn) expect(number).toMatch(new RegExp(`^T-2611-[1-9]\\d{${width - 1}}$`));
    }
  });

  it('covers the whole width: the lowest and the highest number can be drawn', () => {
    expect(drawTicketNumbers('T-2611', 4, 1, () => 0)).toEqual(['T-2611-1000']);
    expect(drawTicketNumbers('T-2611', 4, 1, () => 0.999999999)).toEqual(['T-2611-9999']);
    expect(drawTicketNumbers('T-2611', 5, 1, () => 0)).toEqual(['T-2611-10000']);
  });

  it('keeps drawing until the numbers are distinct', () => {
    const values = [0.5, 0.5, 0.5, 0.25];
    const random = () => values.shift() ?? 0.75;
    expect(drawTicketNumbers('T-2611', 4, 2, random)).toEqual(['T-2611-5500', 'T-2611-3250']);
  });
});

describe('formatTicketNumber', () => {
  it.each([
    [1, 'T-0001'],
    [42, 'T-0042'],
    [9999, 'T-9999'],
    [12345, 'T-12345'],
  ])('%i -> %s', (sequence, number) => {
    expect(formatTicketNumber(sequence)).toBe(number);
  });
});

describe('fixes found by review', () => {
  it('refuses days that do not exist', () => {
    for (const day of ['2026-02-30', '2026-02-29', '2026-04-31', '2026-13-01']) {
      expect(messagesOf(absenceSchema, { ...validAbsence, startDate: day, endDate: day })).toEqual({
        startDate: 'validation.date',
        endDate: 'validation.date',
      });
    }
    expect(
      parsed(absenceSchema, { ...validAbsence, startDate: '2028-02-29', endDate: '2028-02-29' }).startDate,
    ).toBe('2028-02-29');
  });

  it('reports only the bad date, not also an end before it', () => {
    expect(
      messagesOf(absenceSchema, { ...validAbsence, startDate: '2026-13-01', endDate: '2026-07-01' }),
    ).toEqual({
      startDate: 'validation.date',
    });
  });

  it('translates a missing subcategory, request id, size and too large quantities', () => {
    expect(messagesOf(carSchema, { ...validCar, subcategory: 'picnic' })).toEqual({
      subcategory: 'validation.required',
    });
    expect(messagesOf(carSchema, without(validCar, 'requestId'))).toEqual({
      requestId: 'validation.requestId',
    });
    expect(
      messagesOf(clothesSchema, { ...validClothes, items: [{ type: 'beanie', variant: null, quantity: 1 }] })[
        'items.0.size'
      ],
    ).toBe('validation.selectSize');
    expect(
      messagesOf(clothesSchema, {
        ...validClothes,
        items: [{ type: 'beanie', variant: null, size: 'M', quantity: 21 }],
      }),
    ).toEqual({ 'items.0.quantity': 'validation.maxQuantity:20' });
    expect(messagesOf(toolsSchema, { ...validTools, tools: [{ toolId: 'drill', quantity: 100 }] })).toEqual({
      'tools.0.quantity': 'validation.maxQuantity:99',
    });
  });

  it('normalises the car plate before checking its length', () => {
    expect(parsed(carSchema, { ...validCar, carPlate: '  po   5tx21  ' }).carPlate).toBe('PO 5TX21');
    expect(parsed(carSchema, { ...validCar, carPlate: `AB${' '.repeat(20)}123` }).carPlate).toBe('AB 123');
  });

  it('reads a ticket number however it is typed', () => {
    expect(searchTokenOf('T-00012')).toBe('t-0012');
    expect(searchTokenOf('12')).toBe('0012');
    expect(searchTokenOf('t12')).toBe('t-0012');
  });
});

describe('isAttachmentRequired', () => {
  it('is true for receipts and for sick leave or a ticked certificate, false otherwise', () => {
    expect(isAttachmentRequired('receipts', 'fuel', undefined)).toBe(true);
    expect(isAttachmentRequired('absences', 'sickLeave', false)).toBe(true);
    expect(isAttachmentRequired('absences', 'vacation', true)).toBe(true);
    expect(isAttachmentRequired('absences', 'vacation', false)).toBe(false);
    expect(isAttachmentRequired('car', 'damage', true)).toBe(false);
  });
});

describe('required texts made of invisible characters', () => {
  it.each([
    ['spaces and tabs', '  \t  '],
    ['zero-width spaces', '\u200B\u200B'],
    ['a zero-width joiner and a BOM', '\u200D\uFEFF \u2060'],
  ])('refuses a description of %s', (_name, description) => {
    const result = carSchema.safeParse({ ...validCar, description });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual([
      'description',
      'validation.required',
    ]);
  });

  it('keeps a description with visible text around zero-width characters', () => {
    expect(carSchema.safeParse({ ...validCar, description: '\u200BDent\u200B' }).success).toBe(true);
  });
});

describe('dayRangeErrors', () => {
  it('refuses days before 2000 or more than two years after today, and nothing else', () => {
    const today = '2026-11-25';
    expect(dayRangeErrors({ startDate: '2026-11-25', endDate: '2028-11-25' }, today)).toEqual({});
    expect(dayRangeErrors({ startDate: '1999-12-31', endDate: '2028-11-26' }, today)).toEqual({
      startDate: 'validation.dateRange',
      endDate: 'validation.dateRange',
    });
    expect(dayRangeErrors({ purchaseDate: '0202-03-01' }, today)).toEqual({
      purchaseDate: 'validation.dateRange',
    });
    expect(dayRangeErrors({ purchaseDate: '', description: '1900-01-01' }, today)).toEqual({});
  });
});
