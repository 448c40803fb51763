import { Classes, NonIdealState } from '@blueprintjs/core';
import { BanCircleIcon, ErrorIcon, SearchIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const VARIANTS = {
  404: { icon: <SearchIcon size={48} />, title: 'errors.notFound.title', body: 'errors.notFound.body' },
  403: { icon: <BanCircleIcon size={48} />, title: 'errors.forbidden.title', body: 'errors.forbidden.body' },
  500: { icon: <ErrorIcon size={48} />, title: 'errors.serverError.title', body: 'errors.serverError.body' },
} as const;

/** /404, /403 and /500, each with a way back home (spec 000 §2, spec 001 §8 "page not found"). */
export default function ErrorPage({ status }: { status: keyof typeof VARIANTS }) {
  const { t } = useTranslation();
  const v = VARIANTS[status];
  return (
    <main className="hearth-error-page" data-status={status}>
      <NonIdealState
        icon={v.icon}
        description={
          // The page's one heading, an <h1> (NonIdealState's title would be an <h4>).
          <>
            <h1 className={`${Classes.HEADING} hearth-error-title`}>
              <span className="hearth-error-code">{status}</span> {t(v.title)}
            </h1>
            <p>{t(v.body)}</p>
          </>
        }
        action={
          <Link to="/" className="bp6-button bp6-intent-primary">
            {t('errors.backHome')}
          </Link>
        }
      />
    </main>
  );
}
