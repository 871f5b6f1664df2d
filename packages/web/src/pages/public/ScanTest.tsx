import { useTranslation } from 'react-i18next';
import { PublicShell } from '../../public/shell/PublicShell';
import { StaffSignIn } from './shell/StaffSignIn';
import { SimulatorForm } from './scan/SimulatorForm';
import '../../public/scan/scan.css';

/** /test — the scan simulator for staff: the portal's session when there is one, else sign in here. */
export default function ScanTest() {
  const { t } = useTranslation();
  return (
    <PublicShell title={t('scan.title.simulator')}>
      <StaffSignIn>{() => <SimulatorForm />}</StaffSignIn>
    </PublicShell>
  );
}
