import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { type CatalogTool, type ToolCatalogState, useToolCatalog } from '../../api/tool-catalog';
import { renderCategoryForm } from '../testing/category-form-harness';
import { toolsForm } from './tools-form';

vi.mock('../../api/tool-catalog', () => ({ useToolCatalog: vi.fn() }));

const TOOLS: CatalogTool[] = [
  {
    id: 'cordless-drill',
    name: 'Cordless drill 18 V',
    image: '/tool-images/cordless-drill.svg',
    unit: 'set',
    category: 'power tools',
    status: 'available',
    providedBy: 'company',
  },
  {
    id: 'circular-saw',
    name: 'Circular saw 190 mm',
    image: '/tool-images/circular-saw.svg',
    unit: 'pcs',
    category: 'power tools',
    status: 'unavailable',
    providedBy: 'company',
  },
  {
    id: 'laser-level',
    name: 'Cross-line laser level',
    image: '/tool-images/laser-level.svg',
    unit: 'set',
    category: 'measuring',
    status: 'limited',
    providedBy: 'company',
  },
  {
    id: 'spirit-level',
    name: 'Spirit level 120 cm',
    image: '/tool-images/spirit-level.svg',
    unit: 'pcs',
    category: 'measuring',
    status: 'available',
    providedBy: 'client',
  },
];

const retry = vi.fn();

function catalogState(state: Partial<ToolCatalogState> = {}): ToolCatalogState {
  return { tools: TOOLS, isLoading: false, error: null, retry, ...state };
}

function renderTools(subcategory = 'order') {
  const onValid = vi.fn();
  renderCategoryForm(toolsForm, { category: 'tools', subcategory, onValid });
  return { onValid, user: userEvent.setup() };
}

const catalogItems = () =>
  within(screen.getByRole('list', { name: 'Katalog narzędzi' })).getAllByRole('listitem');
const catalogItem = (name: string) => {
  const item = catalogItems().find((element) => within(element).queryByText(name));
  if (!item) throw new Error(`${name} is not in the catalogue`);
  return item;
};
/** The tools shown, by their pictures' alt texts (the icons in the buttons have none). */
const shownNames = () =>
  catalogItems().flatMap((item) =>
    within(item)
      .getAllByRole('img')
      .flatMap((image) => image.getAttribute('alt') ?? []),
  );

/** Fills in the shell's description (pasted: typing every key re-renders antd, slowly) and submits. */
async function describeAndSubmit(user: UserEvent) {
  await user.click(screen.getByRole('textbox', { name: 'Opis' }));
  await user.paste('Potrzebne na budowę');
  await user.click(screen.getByRole('button', { name: 'Wyślij' }));
}

beforeEach(() => {
  retry.mockReset();
  vi.mocked(useToolCatalog).mockReturnValue(catalogState());
});

describe('tools form: catalogue', () => {
  it('shows each tool with its image, name, unit, category, status and provider', () => {
    renderTools();
    expect(catalogItems()).toHaveLength(4);

    const drill = catalogItem('Cordless drill 18 V');
    const image = within(drill).getByRole('img', { name: 'Cordless drill 18 V' });
    expect(image).toHaveAttribute('src', '/tool-images/cordless-drill.svg');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(within(drill).getByText('Jednostka: kpl.')).toBeInTheDocument();
    expect(within(drill).getByText('Kategoria: Elektronarzędzia')).toBeInTheDocument();
    expect(within(drill).getByText('Dostępne')).toBeInTheDocument();
    expect(within(drill).getByText('Zapewnia firma')).toBeInTheDocument();

    const spiritLevel = catalogItem('Spirit level 120 cm');
    expect(within(spiritLevel).getByText('Jednostka: szt.')).toBeInTheDocument();
    expect(within(spiritLevel).getByText('Kategoria: Narzędzia pomiarowe')).toBeInTheDocument();
    expect(within(spiritLevel).getByText('Zapewnia klient')).toBeInTheDocument();
    expect(
      within(catalogItem('Cross-line laser level')).getByText('Ograniczona dostępność'),
    ).toBeInTheDocument();
    expect(within(catalogItem('Circular saw 190 mm')).getByText('Niedostępne')).toBeInTheDocument();
  });

  it('narrows the tools by name as the worker types', async () => {
    const { user } = renderTools();
    await user.type(screen.getByRole('searchbox', { name: 'Szukaj narzędzia' }), 'LEV');
    expect(shownNames()).toEqual(['Cross-line laser level', 'Spirit level 120 cm']);

    await user.type(screen.getByRole('searchbox', { name: 'Szukaj narzędzia' }), ' spi');
    expect(shownNames()).toEqual(['Spirit level 120 cm']);

    await user.clear(screen.getByRole('searchbox', { name: 'Szukaj narzędzia' }));
    await user.type(screen.getByRole('searchbox', { name: 'Szukaj narzędzia' }), 'ham');
    expect(screen.queryByRole('list', { name: 'Katalog narzędzi' })).not.toBeInTheDocument();
    expect(screen.getByText('Żadne narzędzie nie pasuje do wyszukiwania.')).toBeInTheDocument();
  });

  it('narrows the tools by category', async () => {
    const { user } = renderTools();
    const filter = screen.getByRole('radiogroup', { name: 'Kategoria' });
    expect(within(filter).getByRole('radio', { name: 'Wszystkie kategorie' })).toBeChecked();

    // The chips are the radios' labels; the radio inputs themselves are hidden.
    await user.click(within(filter).getByText('Narzędzia pomiarowe'));
    expect(within(filter).getByRole('radio', { name: 'Narzędzia pomiarowe' })).toBeChecked();
    expect(shownNames()).toEqual(['Cross-line laser level', 'Spirit level 120 cm']);

    await user.click(within(filter).getByText('Elektronarzędzia'));
    expect(shownNames()).toEqual(['Cordless drill 18 V', 'Circular saw 190 mm']);

    await user.click(within(filter).getByText('Wszystkie kategorie'));
    expect(catalogItems()).toHaveLength(4);
  });
});

describe('tools form: order', () => {
  const order = () => screen.getByRole('list', { name: 'Twoje zamówienie' });

  it('puts an added tool in the order list with quantity 1', async () => {
    const { user } = renderTools();
    expect(screen.getByText('Nie dodano jeszcze żadnych narzędzi.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dodaj: Spirit level 120 cm' }));

    expect(within(order()).getByText('Spirit level 120 cm')).toBeInTheDocument();
    expect(within(order()).getByRole('spinbutton', { name: 'Ilość: Spirit level 120 cm' })).toHaveValue('1');
    expect(screen.getByRole('button', { name: 'Dodano: Spirit level 120 cm' })).toBeDisabled();
  });

  it('changes the quantity with the stepper, not below 1', async () => {
    const { user } = renderTools();
    await user.click(screen.getByRole('button', { name: 'Dodaj: Cordless drill 18 V' }));

    expect(within(order()).getByRole('button', { name: 'Mniej: Cordless drill 18 V' })).toBeDisabled();
    await user.click(within(order()).getByRole('button', { name: 'Więcej: Cordless drill 18 V' }));
    await user.click(within(order()).getByRole('button', { name: 'Więcej: Cordless drill 18 V' }));
    await user.click(within(order()).getByRole('button', { name: 'Mniej: Cordless drill 18 V' }));

    expect(within(order()).getByRole('spinbutton', { name: 'Ilość: Cordless drill 18 V' })).toHaveValue('2');
  });

  it('takes a typed quantity', async () => {
    const { user, onValid } = renderTools();
    await user.click(screen.getByRole('button', { name: 'Dodaj: Spirit level 120 cm' }));
    const quantity = within(order()).getByRole('spinbutton', { name: 'Ilość: Spirit level 120 cm' });
    await user.clear(quantity);
    await user.type(quantity, '12');
    await describeAndSubmit(user);

    expect(onValid).toHaveBeenCalledOnce();
    expect(onValid.mock.calls[0]?.[0]).toMatchObject({ tools: [{ toolId: 'spirit-level', quantity: 12 }] });
  });

  it('removes a tool from the order', async () => {
    const { user, onValid } = renderTools();
    await user.click(screen.getByRole('button', { name: 'Dodaj: Cordless drill 18 V' }));
    await user.click(screen.getByRole('button', { name: 'Dodaj: Spirit level 120 cm' }));

    await user.click(within(order()).getByRole('button', { name: 'Usuń: Cordless drill 18 V' }));

    expect(within(order()).queryByText('Cordless drill 18 V')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dodaj: Cordless drill 18 V' })).toBeEnabled();
    await describeAndSubmit(user);
    expect(onValid.mock.calls[0]?.[0]).toMatchObject({ tools: [{ toolId: 'spirit-level', quantity: 1 }] });
  });

  it('submits exactly the chosen tools as toolId and quantity', async () => {
    const { user, onValid } = renderTools();
    await user.click(screen.getByRole('button', { name: 'Dodaj: Cross-line laser level' }));
    await user.click(screen.getByRole('button', { name: 'Więcej: Cross-line laser level' }));
    await user.click(screen.getByRole('button', { name: 'Dodaj: Cordless drill 18 V' }));
    await describeAndSubmit(user);

    expect(onValid).toHaveBeenCalledOnce();
    const values = onValid.mock.calls[0]?.[0] as { tools: unknown };
    expect(values.tools).toStrictEqual([
      { toolId: 'laser-level', quantity: 2 },
      { toolId: 'cordless-drill', quantity: 1 },
    ]);
  });

  it('asks for at least one tool when the order is empty, and clears that once a tool is added', async () => {
    const { user, onValid } = renderTools();
    await describeAndSubmit(user);

    expect(await screen.findByText('Dodaj do zamówienia co najmniej jedno narzędzie.')).toBeInTheDocument();
    expect(onValid).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Dodaj: Spirit level 120 cm' }));
    expect(screen.queryByText('Dodaj do zamówienia co najmniej jedno narzędzie.')).not.toBeInTheDocument();
  });

  it('does not let an unavailable tool be ordered', () => {
    renderTools();
    expect(screen.getByRole('button', { name: 'Dodaj: Circular saw 190 mm' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Dodaj: Cross-line laser level' })).toBeEnabled();
  });
});

describe('tools form: loading the catalogue', () => {
  it('says so while the catalogue loads', () => {
    vi.mocked(useToolCatalog).mockReturnValue(catalogState({ tools: [], isLoading: true }));
    renderTools();
    expect(screen.getByRole('status')).toHaveTextContent('Wczytywanie katalogu narzędzi…');
    expect(screen.queryByRole('list', { name: 'Katalog narzędzi' })).not.toBeInTheDocument();
  });

  it('shows the error and reads the catalogue again on "Spróbuj ponownie"', async () => {
    vi.mocked(useToolCatalog).mockReturnValue(catalogState({ tools: [], error: new Error('offline') }));
    const { user } = renderTools();

    expect(screen.getByRole('alert')).toHaveTextContent('Nie udało się wczytać katalogu narzędzi.');
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});

describe('tools form: repair', () => {
  it('is valid without any tool', async () => {
    const { user, onValid } = renderTools('repair');
    expect(screen.getByText(/Jeśli zepsute narzędzie jest w katalogu/)).toBeInTheDocument();

    await describeAndSubmit(user);

    expect(onValid).toHaveBeenCalledOnce();
    expect(onValid.mock.calls[0]?.[0]).toMatchObject({ subcategory: 'repair', tools: [] });
  });

  it('lets the worker point at the broken tool, even one that cannot be ordered now', async () => {
    const { user, onValid } = renderTools('repair');
    await user.click(screen.getByRole('button', { name: 'Dodaj: Circular saw 190 mm' }));
    expect(
      within(screen.getByRole('list', { name: 'Narzędzia do naprawy' })).getByText('Circular saw 190 mm'),
    ).toBeInTheDocument();

    await describeAndSubmit(user);
    expect(onValid.mock.calls[0]?.[0]).toMatchObject({ tools: [{ toolId: 'circular-saw', quantity: 1 }] });
  });
});
