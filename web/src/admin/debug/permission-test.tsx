import {
  ALL_PERMISSIONS,
  type AdminUserRow,
  type Permission,
  type TestPermissionResponse,
  isPermission,
} from '@domain';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/call';
import { callableErrorOf } from '../../lib/callable-keys';
import { useAsync } from '../../lib/use-async';
import { Answer } from './answer';
import { DebugSection } from './debug-section';
import { permissionName, roleName, sourceLabel } from './permission-labels';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField, controlProps, fieldErrorId } from '../../components/ui/form-field';
import { Select } from '../../components/ui/select';
import { TextInput } from '../../components/ui/text-input';

type PickedUser = { uid: string; name: string; email: string };

type FieldErrors = { user?: string; permission?: string };

/**
 * Permission test: pick a user (a search over listUsers, first 10 matches) and a permission; the
 * server answers whether that user holds it and why, by the checks every callable uses.
 */
export function PermissionTest() {
  const { t } = useTranslation();
  const userFieldId = useId();
  const permissionFieldId = useId();
  const [picked, setPicked] = useState<PickedUser | null>(null);
  const [permission, setPermission] = useState<Permission | undefined>(undefined);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isTesting, setIsTesting] = useState(false);
  const [result, setResult] = useState<TestPermissionResponse | null>(null);
  const [failureKey, setFailureKey] = useState<string | null>(null);

  const clearAnswer = () => {
    setResult(null);
    setFailureKey(null);
  };

  const runTest = async () => {
    const nextErrors: FieldErrors = {
      user: picked ? undefined : 'admin.debug.permissionTest.pickUser',
      permission: permission ? undefined : 'admin.debug.permissionTest.pickPermission',
    };
    setErrors(nextErrors);
    if (!picked || !permission) return;
    clearAnswer();
    setIsTesting(true);
    try {
      setResult(await call('testPermission', { uid: picked.uid, permission }));
    } catch (error) {
      setFailureKey(callableErrorOf('testPermission', error).messageKey);
    } finally {
      setIsTesting(false);
    }
  };

  return (
    <DebugSection
      title={t('admin.debug.permissionTest.heading')}
      intro={t('admin.debug.permissionTest.intro')}
    >
      <FormField label={t('admin.debug.permissionTest.user')} htmlFor={userFieldId} error={errors.user}>
        <UserPicker
          inputId={userFieldId}
          picked={picked}
          hasError={errors.user !== undefined}
          onPick={(user) => {
            setPicked(user);
            setErrors((current) => ({ ...current, user: undefined }));
            clearAnswer();
          }}
        />
      </FormField>
      <FormField
        label={t('admin.debug.permissionTest.permission')}
        htmlFor={permissionFieldId}
        error={errors.permission}
      >
        <Select
          id={permissionFieldId}
          className={errors.permission ? 'is-invalid' : undefined}
          aria-invalid={errors.permission ? true : undefined}
          aria-describedby={errors.permission ? fieldErrorId(permissionFieldId) : undefined}
          placeholder={t('admin.debug.permissionTest.choosePermission')}
          value={permission}
          onChange={(value) => {
            setPermission(isPermission(value) ? value : undefined);
            setErrors((current) => ({ ...current, permission: undefined }));
            clearAnswer();
          }}
          options={ALL_PERMISSIONS.map((flag) => {
            const name = permissionName(t, flag);
            return { value: flag, label: name === flag ? flag : `${name} (${flag})` };
          })}
        />
      </FormField>
      <div className="admin-debug-actions">
        <Button variant="primary" onClick={() => void runTest()} isLoading={isTesting}>
          {t('admin.debug.permissionTest.test')}
        </Button>
      </div>
      {failureKey && <Alert type="error">{t(failureKey)}</Alert>}
      {result && <TestResult result={result} />}
    </DebugSection>
  );
}

/** One search of the picker; `attempt` makes every click a new request. */
type SearchRequest = { search: string; attempt: number };
const searchFor = async ({ search }: SearchRequest): Promise<AdminUserRow[]> =>
  (await call('listUsers', { search, pageSize: 10 })).rows;

type UserPickerProps = {
  inputId: string;
  picked: PickedUser | null;
  hasError: boolean;
  onPick: (user: PickedUser | null) => void;
};

/** A search box and the matching users as buttons; a directory worker without an account cannot be picked. */
function UserPicker({ inputId, picked, hasError, onPick }: UserPickerProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState('');
  const [asked, setAsked] = useState<SearchRequest | null>(null);
  const found = useAsync(searchFor, asked);
  const rows = found.data;
  const failureKey = found.error === null ? null : callableErrorOf('listUsers', found.error).messageKey;

  // Every click asks again, the same words too.
  const runSearch = () =>
    setAsked((previous) => ({ search: search.trim(), attempt: (previous?.attempt ?? 0) + 1 }));

  if (picked) {
    return (
      <div className="admin-debug-picked">
        <span role="status">
          {t('admin.debug.permissionTest.selected', { name: picked.name, email: picked.email })}
        </span>
        <Button
          onClick={() => {
            onPick(null);
            // The search box comes back; put the cursor in it.
            setTimeout(() => inputRef.current?.focus(), 0);
          }}
        >
          {t('admin.debug.permissionTest.change')}
        </Button>
      </div>
    );
  }

  return (
    <div className="admin-debug-picker">
      {/* A div, not a form: this picker sits inside the page's other fields. */}
      <div className="admin-debug-search">
        <TextInput
          {...controlProps(inputId, hasError ? { message: 'error' } : undefined)}
          ref={inputRef}
          type="search"
          value={search}
          maxLength={100}
          placeholder={t('admin.debug.permissionTest.searchPlaceholder')}
          aria-label={t('admin.debug.permissionTest.search')}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            runSearch();
          }}
        />
        <Button variant="primary" isLoading={found.isLoading} onClick={runSearch}>
          {t('admin.debug.permissionTest.searchButton')}
        </Button>
      </div>
      {failureKey && <Alert type="error">{t(failureKey)}</Alert>}
      {rows && rows.length === 0 && (
        <p className="admin-debug-muted">{t('admin.debug.permissionTest.noResults')}</p>
      )}
      {rows && rows.length > 0 && (
        <ul className="admin-debug-users" aria-label={t('admin.debug.permissionTest.results')}>
          {rows.map((row) => (
            <li key={row.key}>
              <button
                type="button"
                className="admin-debug-user"
                disabled={row.uid === null}
                onClick={() => {
                  if (row.uid === null) return;
                  onPick({ uid: row.uid, name: row.name, email: row.email });
                  setAsked(null);
                }}
              >
                <span className="admin-debug-user-name">{row.name || row.email}</span>
                <span className="admin-debug-muted">{row.email}</span>
                <span className="admin-debug-muted">
                  {row.uid === null
                    ? t('admin.debug.permissionTest.noAccount')
                    : row.role
                      ? roleName(t, row.role)
                      : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The server's answer: granted or denied, why, and which roles hold the permission by default. */
function TestResult({ result }: { result: TestPermissionResponse }) {
  const { t } = useTranslation();
  const role = roleName(t, result.role);
  return (
    <div className={`admin-debug-result ${result.granted ? 'is-granted' : 'is-denied'}`} role="status">
      <div className="admin-debug-result-head">
        <Answer isGranted={result.granted} />
        <span>
          {t('admin.debug.permissionTest.resultFor', {
            permission: result.permission,
            email: result.email,
          })}
        </span>
      </div>
      <div>{t('admin.debug.permissionTest.userRole', { role })}</div>
      <div>
        <strong>{sourceLabel(t, result.source)}</strong>
        {': '}
        {t(`admin.debug.permissionTest.why.${result.source}`, { role })}
      </div>
      <div className="admin-debug-muted">
        {result.roleDefault.length > 0
          ? t('admin.debug.permissionTest.roleDefaults', {
              roles: result.roleDefault.map((item) => roleName(t, item)).join(', '),
            })
          : t('admin.debug.permissionTest.noRoleDefaults')}
      </div>
    </div>
  );
}
