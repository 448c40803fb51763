import type { ReactNode } from 'react';
import { Card } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, currentLanguage, isLanguage, LANGUAGES } from '@/lib/i18n';
import { usePublicConfig } from '../api/getPublicConfig';
import { Select } from '@/components/Select';

/** The frame of the signed-out screens: brand, the step's content, language choice and version. */
export function AuthShell({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  return (
    <main className="hearth-auth">
      <Card className="hearth-auth-card" elevation={2}>
        <header className="hearth-auth-brand">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <div>
            <div className="hearth-auth-name">{t('app.brand.name')}</div>
            <div className="hearth-auth-tagline">{t('app.brand.tagline')}</div>
          </div>
        </header>
        <h1 className="hearth-auth-title">{title}</h1>
        {children}
        <footer className="hearth-auth-footer">
          <Select
            aria-label={t('layout.settings.language')}
            value={currentLanguage()}
            minimal
            onChange={(e) => {
              if (isLanguage(e.currentTarget.value)) chooseLanguage(e.currentTarget.value);
            }}
            options={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
          />
          {config.data?.version ? <span>{t('app.status.version', { version: config.data.version })}</span> : null}
        </footer>
      </Card>
    </main>
  );
}
