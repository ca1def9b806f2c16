import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n';
import { setOnline } from '../testing/online';
import { OfflineNotice } from './offline-notice';

describe('OfflineNotice', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await changeLanguage('pl');
  });

  it('says the screen shows saved data while offline, and goes away when the connection returns', async () => {
    await changeLanguage('en');
    setOnline(false);
    render(<OfflineNotice isFromCache />);
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Offline — showing saved data');
    expect(notice).toHaveTextContent('Changes will show when the connection returns.');
    act(() => setOnline(true));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows nothing while online, even for data from the cache, nor for data from the server', () => {
    setOnline(true);
    const { rerender } = render(<OfflineNotice isFromCache />);
    expect(screen.queryByRole('status')).toBeNull();
    setOnline(false);
    rerender(<OfflineNotice isFromCache={false} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('speaks Polish and Russian', async () => {
    setOnline(false);
    await changeLanguage('pl');
    const { unmount } = render(<OfflineNotice isFromCache />);
    expect(screen.getByRole('status')).toHaveTextContent('Brak połączenia — pokazujemy zapisane dane');
    unmount();
    await changeLanguage('ru');
    render(<OfflineNotice isFromCache />);
    expect(screen.getByRole('status')).toHaveTextContent('Нет соединения — показаны сохранённые данные');
  });
});
