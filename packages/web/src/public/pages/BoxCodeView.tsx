import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeScanner } from '../../components/scan/CodeScanner';
import { useStore } from '../../app/state/createStore';
import { sessionStore } from '../../app/state/sessionStore';
import { PublicShell } from '../shell/PublicShell';
import { PublicBoxView } from '../box/PublicBoxView';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Skeleton';
import { navigate } from '../navigation';
import '../box/binding.css';

/** Everything staff see and do here (sign-in, the item list, unpacking, the history), fetched only for staff. */
const StaffBox = lazy(() => import('../box/StaffBox'));

/**
 * /boxCodeView?code=…: what a box holds. Signed-in staff of the box's company see every item code with
 * its product, batch and who packed it. Anyone else sees only how many items of which products: item
 * codes are the secrets that prove each unit genuine, so a box label must not hand them out.
 */
export default function BoxCodeView({ query }: { query: URLSearchParams }) {
  const { t } = useTranslation();
  const code = (query.get('code') ?? '').trim();
  const token = useStore(sessionStore, (s) => s.token);
  const [signingIn, setSigningIn] = useState(false);
  const staff = token !== '' || signingIn;
  return (
    <PublicShell title={t('binding.title.boxView')}>
      <div className="public-card">
        <CodeScanner
          key={code}
          onScan={(scanned) => navigate(`/boxCodeView?code=${encodeURIComponent(scanned)}`)}
          placeholder={t('binding.view.enterBox')}
          testId="box-view-input"
        />
      </div>
      {code &&
        (staff ? (
          <Suspense fallback={<Spinner label={t('scan.verdict.checking')} />}>
            <StaffBox code={code} />
          </Suspense>
        ) : (
          <>
            <PublicBoxView code={code} />
            <div className="public-card">
              <p className="binding-muted">{t('binding.view.staffHint')}</p>
              <Button onClick={() => setSigningIn(true)} data-testid="box-view-sign-in" className="box-sign-in">
                {t('binding.view.signIn')}
              </Button>
            </div>
          </>
        ))}
    </PublicShell>
  );
}
