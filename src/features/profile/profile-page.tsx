import { useEffect, useMemo, type ReactNode } from 'react';
import { PageHeading } from '../../components/page-heading';
import { ROUTE_ANIMATED } from '../../components/route-animated';
import { env } from '../../config/env';
import { useFormatDateTime } from '../../i18n/use-format-date-time';
import { useT } from '../../i18n/use-t';
import { auth, emailVerifiedOf, storedSignInTime, displayEmail } from '../auth';
import { appStorage } from '../../lib/storage';
import { awsIdentity, getAwsCredentials } from '../aws-identity';

/** Now rather than when the app is idle; a failure is already reported. */
function useAwsCredentials(): void {
  useEffect(() => {
    if (env.cognitoIdentity) getAwsCredentials().catch(() => undefined);
  }, []);
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="font-medium text-muted">{label}</dt>
      <dd className="min-w-0 break-words text-text">{children}</dd>
    </div>
  );
}

const badge = 'ms-2 inline-block rounded-full px-2 py-0.5 text-sm font-semibold';

export function ProfilePage() {
  const t = useT();
  const formatDateTime = useFormatDateTime();
  const { user } = auth().state.value;
  const at = useMemo(() => (user && env.oidc ? storedSignInTime(appStorage(), env.oidc) : null), [user]);
  useAwsCredentials();
  const { identityId, expiration } = awsIdentity.value;
  const name = typeof user?.name === 'string' ? user.name.trim() : '';
  const email = user && displayEmail(user);
  const verified = user ? emailVerifiedOf(user) : undefined;
  const groups = user?.groups ?? [];

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-16">
      <PageHeading className="text-3xl font-bold tracking-tight text-text">{t('snxt.menu.profile')}</PageHeading>
      <dl
        className={`${ROUTE_ANIMATED} mt-8 divide-y divide-border rounded-2xl border border-border bg-surface px-6 py-3 shadow-sm`}
      >
        {name && <Row label={t('snxt.profile.name')}>{name}</Row>}
        {email && (
          <Row label={t('snxt.profile.email')}>
            {email}
            {verified !== undefined && (
              <span className={`${badge} ${verified ? 'bg-primary text-on-primary' : 'bg-surface-raised text-text'}`}>
                {t(verified ? 'snxt.profile.verified' : 'snxt.profile.notVerified')}
              </span>
            )}
          </Row>
        )}
        {groups.length > 0 && <Row label={t('snxt.profile.groups')}>{groups.join(', ')}</Row>}
        {at && (
          <Row label={t('snxt.profile.signedInAt')}>
            <time dateTime={at.toISOString()}>{formatDateTime(at)}</time>
          </Row>
        )}
        {identityId && <Row label={t('snxt.profile.identityId')}>{identityId}</Row>}
        {expiration && (
          <Row label={t('snxt.profile.credentialsExpire')}>
            <time dateTime={expiration.toISOString()}>{formatDateTime(expiration)}</time>
          </Row>
        )}
      </dl>
      {env.idleTimeoutMinutes && (
        <p className={`${ROUTE_ANIMATED} mt-8 text-muted`}>
          {t('snxt.profile.idleTimeout', { n: env.idleTimeoutMinutes })}
        </p>
      )}
    </div>
  );
}
