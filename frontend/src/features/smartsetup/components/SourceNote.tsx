import { Button, Intent, PopoverNext } from '@blueprintjs/core';
import { InfoSignIcon, WarningSignIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { SmartSetupValue } from '@/types/api.gen';

/**
 * Where a prefilled value was read: a small button beside the field (a tap, a click or Enter opens it) showing
 * the page and the words quoted from it. A value read with low confidence is marked "Check".
 */
export function SourceNote({ value }: { value: SmartSetupValue }) {
  const { t } = useTranslation();
  const content = (
    <div className="hearth-smart-source" data-testid="smart-source">
      {value.page > 0 ? <p className="hearth-smart-source-page">{t('smartsetup.source.page', { page: value.page })}</p> : null}
      {value.quote ? <blockquote>“{value.quote}”</blockquote> : <p>{t('smartsetup.source.noQuote')}</p>}
      {value.low ? <p className="hearth-smart-source-low">{t('smartsetup.source.lowHint')}</p> : null}
    </div>
  );
  return (
    <PopoverNext content={content} placement="bottom-start">
      {value.low ? (
        <Button
          size="small"
          variant="minimal"
          intent={Intent.WARNING}
          icon={<WarningSignIcon />}
          className="hearth-smart-source-button"
          aria-label={t('smartsetup.source.checkLabel', { value: value.value })}
        >
          {t('smartsetup.source.check')}
        </Button>
      ) : (
        <Button
          size="small"
          variant="minimal"
          icon={<InfoSignIcon />}
          className="hearth-smart-source-button"
          aria-label={t('smartsetup.source.label', { value: value.value })}
        />
      )}
    </PopoverNext>
  );
}
