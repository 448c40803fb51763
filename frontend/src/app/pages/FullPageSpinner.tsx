import { Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="hearth-full-center" role="status">
      <Spinner size={40} aria-label={t('app.status.loading')} />
      <span className="hearth-muted">{t('app.status.loading')}</span>
    </div>
  );
}
