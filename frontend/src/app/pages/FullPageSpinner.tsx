import { Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * The whole window while the app or a page loads: a main landmark with a level-one heading ("Loading…",
 * for a screen reader), so the page has its landmarks even before its content arrives.
 */
export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <main className="hearth-full-center">
      <h1 className="hearth-sr-only">{t('app.status.loading')}</h1>
      <div role="status" className="hearth-full-center-status">
        <Spinner size={40} aria-label={t('app.status.loading')} />
        <span className="hearth-muted">{t('app.status.loading')}</span>
      </div>
    </main>
  );
}
