import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH } from '../app/router/paths';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <div data-testid="not-found" style={{ paddingTop: 64 }}>
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.message')}
        extra={
          <Link to={HOME_PATH} data-testid="not-found-home">
            <Button type="primary">{t('notFound.backHome')}</Button>
          </Link>
        }
      />
    </div>
  );
}
