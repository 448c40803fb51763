import { useTranslation } from 'react-i18next';
import './submitBlockers.css';

/**
 * What still keeps a form from being submitted, listed beside its submit button as the person fills it in
 * (issue 29: what blocks submit is said at the button, not found after a press). Nothing shows once nothing
 * blocks. The submit button names it with aria-describedby={id}.
 */
export function SubmitBlockers({ id, items }: { id: string; items: readonly string[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <div className="hearth-submit-blockers" id={id} data-testid={id}>
      <span>{t('common.form.toSubmit')}</span>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
