import { HTMLSelect, type HTMLSelectProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** Blueprint's HTMLSelect with its caret named in the interface language (Blueprint says "Open dropdown"). */
export function Select(props: HTMLSelectProps) {
  const { t } = useTranslation();
  return <HTMLSelect {...props} iconProps={{ title: t('common.select.open'), ...props.iconProps }} />;
}
