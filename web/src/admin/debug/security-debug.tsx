import { ALL_PERMISSIONS, DEFAULT_ROLE, hasPermission, isRole, permissionSource } from '@domain';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth/auth-context';
import { type TokenClaims, readTokenClaims } from '../api/debug';
import { Answer } from './answer';
import { DebugSection } from './debug-section';
import { permissionName, roleName, sourceLabel } from './permission-labels';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';

type ClaimsState =
  | { status: 'loading' }
  | { status: 'ready'; claims: TokenClaims }
  | { status: 'failed'; claims: TokenClaims | null };

/**
 * The caller's own account, ID token claims and every permission with its effective answer and
 * its source, computed by the same hasPermission / permissionSource the app and the server use.
 */
export function SecurityDebug() {
  const { t } = useTranslation();
  const { user, rules } = useAuth();
  const tableHeadingId = useId();
  const [state, setState] = useState<ClaimsState>({ status: 'loading' });
  const [isRefreshing, setIsRefreshing] = useState(false);
  const [refreshedAt, setRefreshedAt] = useState<Date | null>(null);

  useEffect(() => {
    let isCurrent = true;
    readTokenClaims().then(
      (claims) => {
        if (!isCurrent) return;
        setState(claims ? { status: 'ready', claims } : { status: 'failed', claims: null });
      },
      () => {
        if (isCurrent) setState({ status: 'failed', claims: null });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, []);

  const refresh = async () => {
    setIsRefreshing(true);
    setRefreshedAt(null);
    try {
      const claims = await readTokenClaims(true);
      if (!claims) throw new Error('signed out');
      setState({ status: 'ready', claims });
      setRefreshedAt(new Date());
    } catch {
      setState((previous) => ({
        status: 'failed',
        claims: previous.status === 'loading' ? null : previous.claims,
      }));
    } finally {
      setIsRefreshing(false);
    }
  };

  if (!user) return null;
  const rows = ALL_PERMISSIONS.map((permission) => ({
    permission,
    isGranted: hasPermission(user, permission, rules),
    source: permissionSource(user, permission, rules),
  }));
  const grantedCount = rows.filter((row) => row.isGranted).length;
  const claims = state.status === 'loading' ? null : state.claims;

  return (
    <DebugSection title={t('admin.debug.security.heading')} intro={t('admin.debug.security.intro')}>
      <dl className="admin-debug-fields">
        <Field label={t('admin.debug.security.uid')}>
          <code>{user.uid}</code>
        </Field>
        <Field label={t('admin.debug.security.email')}>{user.email}</Field>
        <Field label={t('admin.debug.security.role')}>{roleName(t, user.role)}</Field>
      </dl>

      <h4 className="admin-debug-subheading">{t('admin.debug.security.claims')}</h4>
      {state.status === 'loading' && (
        <p className="admin-debug-muted">{t('admin.debug.security.claimsLoading')}</p>
      )}
      {state.status === 'failed' && <Alert type="error">{t('admin.debug.security.claimsFailed')}</Alert>}
      {claims && <ClaimList claims={claims} />}
      <div className="admin-debug-actions">
        <Button onClick={() => void refresh()} isLoading={isRefreshing}>
          {t('admin.debug.security.refresh')}
        </Button>
        <span className="admin-debug-muted">{t('admin.debug.security.refreshHint')}</span>
      </div>
      {refreshedAt && (
        <p role="status" className="admin-debug-muted">
          {t('admin.debug.security.refreshed', { time: refreshedAt.toLocaleTimeString() })}
        </p>
      )}

      <h4 id={tableHeadingId} className="admin-debug-subheading">
        {t('admin.debug.security.permissions')}
      </h4>
      <p className="admin-debug-muted">
        {t('admin.debug.security.summary', { granted: grantedCount, count: rows.length })}
      </p>
      <div className="admin-debug-table-wrap">
        <table className="admin-debug-table" aria-labelledby={tableHeadingId}>
          <thead>
            <tr>
              <th scope="col">{t('admin.debug.security.columnPermission')}</th>
              <th scope="col">{t('admin.debug.security.columnAnswer')}</th>
              <th scope="col">{t('admin.debug.security.columnSource')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ permission, isGranted, source }) => {
              const name = permissionName(t, permission);
              return (
                <tr key={permission}>
                  <th scope="row">
                    {name !== permission && <span className="admin-debug-permission-name">{name}</span>}
                    <code>{permission}</code>
                  </th>
                  <td>
                    <Answer isGranted={isGranted} />
                  </td>
                  <td>{sourceLabel(t, source)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </DebugSection>
  );
}

function ClaimList({ claims }: { claims: TokenClaims }) {
  const { t, i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const date = (value: Date | null) => (value ? format.format(value) : '—');
  const { roleClaim } = claims;
  const roleText =
    roleClaim === undefined || roleClaim === null
      ? t('admin.debug.security.noRoleClaim', { role: roleName(t, DEFAULT_ROLE) })
      : isRole(roleClaim)
        ? `${roleClaim} (${roleName(t, roleClaim)})`
        : JSON.stringify(roleClaim);
  return (
    <>
      <dl className="admin-debug-fields">
        <Field label={t('admin.debug.security.roleClaim')}>{roleText}</Field>
        <Field label={t('admin.debug.security.authTime')}>{date(claims.authTime)}</Field>
        <Field label={t('admin.debug.security.issuedAt')}>{date(claims.issuedAt)}</Field>
        <Field label={t('admin.debug.security.expiresAt')}>{date(claims.expiresAt)}</Field>
        <Field label={t('admin.debug.security.provider')}>{claims.signInProvider ?? '—'}</Field>
      </dl>
      <details className="admin-debug-raw">
        <summary>{t('admin.debug.security.allClaims')}</summary>
        <pre>{JSON.stringify(claims.claims, null, 2)}</pre>
      </details>
    </>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-debug-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
