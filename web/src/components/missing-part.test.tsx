import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n';
import { setOnline } from '../testing/online';
import { missingPart } from './missing-part';

const Screen = () => <h1>The screen</h1>;
const chunkError = () => new TypeError('Failed to fetch dynamically imported module');

describe('missingPart', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await changeLanguage('pl');
  });

  it('says the part is not on this phone yet, in the reader’s language, and loads it on Retry', async () => {
    setOnline(false);
    const load = vi.fn().mockRejectedValueOnce(chunkError()).mockResolvedValueOnce(Screen);
    const Missing = missingPart(load);
    render(<Missing />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Tej części aplikacji nie ma jeszcze na tym telefonie',
    );
    expect(load).not.toHaveBeenCalled();
    await act(() => changeLanguage('en'));
    expect(screen.getByText('This part of the app is not on this phone yet')).toBeInTheDocument();
    await act(() => changeLanguage('ru'));
    expect(screen.getByText('Этой части приложения ещё нет на этом телефоне')).toBeInTheDocument();

    // Still no connection: the retry fails, the message stays.
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('button', { name: 'Повторить' })).toBeEnabled();
    expect(load).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { name: 'The screen' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('loads by itself when the connection returns, and shows the screen at once on the next visit', async () => {
    setOnline(false);
    const load = vi.fn().mockResolvedValue(Screen);
    const Missing = missingPart(load);
    const { unmount } = render(<Missing />);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => setOnline(true));
    expect(await screen.findByRole('heading', { name: 'The screen' })).toBeInTheDocument();
    unmount();
    render(<Missing />);
    expect(screen.getByRole('heading', { name: 'The screen' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reloads the page once when the part fails with the connection there (the browser keeps the failure)', async () => {
    setOnline(false);
    const load = vi.fn().mockRejectedValue(chunkError());
    const reload = vi.fn();
    const Missing = missingPart(load, reload);
    render(<Missing />);
    act(() => setOnline(true));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // A server that keeps failing gets no reload loop: Retry right after tries, without reloading.
    await userEvent.click(await screen.findByRole('button', { name: 'Spróbuj ponownie' }));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });
});
