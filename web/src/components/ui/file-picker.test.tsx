import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { useStorageAvailability } from '../../lib/storage-availability';
import { FilePicker, type PickedFile, fileProblem } from './file-picker';

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

describe('fileProblem', () => {
  it.each([
    ['photo.jpg', 'image/jpeg'],
    ['IMG_0001.HEIC', 'image/heic'],
    ['screen.png', 'image/png'],
    ['payslip.pdf', 'application/pdf'],
    ['1712345678901', 'image/jpeg'],
  ])('takes %s as %s', (name, type) => {
    expect(fileProblem({ name, type, size: 1000 })).toBeUndefined();
  });

  it.each([
    ['logo.svg', 'image/svg+xml'],
    ['logo.svg', 'image/png'],
    ['photo.png', 'image/jpeg'],
    ['scan.tiff', 'image/tiff'],
    ['page.html', 'text/html'],
    ['photo.jpg', ''],
  ])('refuses %s as %j for its type', (name, type) => {
    expect(fileProblem({ name, type, size: 1000 })).toBe('validation.fileType');
  });

  it('refuses a file over 5 MB', () => {
    expect(fileProblem({ name: 'big.jpg', type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe(
      'validation.fileTooLarge',
    );
  });

  it('offers no SVG in the system picker and refuses one that gets through', async () => {
    const onChange = renderPicker();
    const input = screen.getByTestId('file-input');
    expect(input.getAttribute('accept')?.split(',')).not.toContain('image/svg+xml');
    expect(input.getAttribute('accept')).not.toContain('image/*');
    const svg = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' });
    await userEvent.upload(input, svg, { applyAccept: false });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('logo.svg');
  });
});
