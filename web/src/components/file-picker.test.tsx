import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n';
import { useStorageAvailability } from '../lib/storage-availability';
import { FilePicker, type PickedFile } from './file-picker';

function renderPicker(onChange = vi.fn<(files: PickedFile[]) => void>()) {
  render(<FilePicker files={[]} onChange={onChange} />);
  return onChange;
}

describe('FilePicker', () => {
  afterEach(async () => {
    vi.mocked(useStorageAvailability).mockReturnValue('available');
    await changeLanguage('pl');
  });

  it('takes a photo or PDF when uploads are available', async () => {
    const onChange = renderPicker();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    const file = new File(['%PDF-1.4'], 'payslip.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByTestId('file-input'), file);
    expect(onChange).toHaveBeenCalledWith([expect.objectContaining({ file })]);
  });

  it.each([
    ['en', 'File uploads are not available on this server'],
    ['pl', 'Przesyłanie plików nie jest dostępne na tym serwerze'],
    ['ru', 'Загрузка файлов на этом сервере недоступна'],
  ])('says in %s that uploads are unavailable and offers no file', async (language, text) => {
    await changeLanguage(language as 'pl' | 'en' | 'ru');
    vi.mocked(useStorageAvailability).mockReturnValue('unavailable');
    const onChange = renderPicker();
    expect(screen.getByRole('status')).toHaveTextContent(text);
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
    const file = new File(['x'], 'photo.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByTestId('file-input'), file);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('offers no file and no notice while the check is still running', () => {
    vi.mocked(useStorageAvailability).mockReturnValue('checking');
    renderPicker();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
  });
});
