import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { TextInput } from '../../components/ui/text-input';

export type PasswordLinkProps = { link: string };

/**
 * The link on this app's own action page: the Auth emulator's link opens the emulator's bare
 * page, while /handle-auth-action is where a real e-mail link lands (the project's action URL).
 * Anything without a mode and an oobCode is left as it is.
 */
export function appActionLink(link: string, origin: string = window.location.origin): string {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return link;
  }
  const mode = url.searchParams.get('mode');
  const code = url.searchParams.get('oobCode');
  if (!mode || !code) return link;
  const target = new URL('/handle-auth-action', origin);
  target.searchParams.set('mode', mode);
  target.searchParams.set('oobCode', code);
  return target.toString();
}

/**
 * A set-password or reset link the local stack returns instead of e-mailing it: selectable, with
 * a Copy button; when the clipboard is not available the text is selected for a manual copy.
 */
export function PasswordLink({ link: emulatorLink }: PasswordLinkProps) {
  const { t } = useTranslation();
  const link = appActionLink(emulatorLink);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'manual'>('idle');

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      setCopyState('copied');
    } catch {
      input.current?.select();
      setCopyState('manual');
    }
  };

  return (
    <FormField label={t('admin.dialogs.link.label')} htmlFor={id} hint={t('admin.dialogs.link.hint')}>
      <span className="password-link">
        <TextInput id={id} ref={input} readOnly value={link} onFocus={(event) => event.target.select()} />
        <Button onClick={() => void copy()}>{t('admin.dialogs.link.copy')}</Button>
      </span>
      <span role="status" className="password-link-status">
        {copyState === 'copied' && t('admin.dialogs.link.copied')}
        {copyState === 'manual' && t('admin.dialogs.link.copyManually')}
      </span>
    </FormField>
  );
}
