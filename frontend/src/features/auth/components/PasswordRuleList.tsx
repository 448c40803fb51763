import { SmallCrossIcon, TickIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RULES, PASSWORD_RULE_KEYS, passwordProblems } from '../passwordRule';

/** The password rule, ticked off while the user types. */
export function PasswordRuleList({ password, touched = false }: { password: string; touched?: boolean }) {
  const { t } = useTranslation();
  const problems = new Set(passwordProblems(password));
  return (
    <ul className="hearth-rule-list" aria-label={t('auth.passwordRule.hint')}>
      {PASSWORD_RULES.map((rule) => {
        const ok = !problems.has(rule);
        return (
          <li key={rule} className={ok ? 'hearth-rule-ok' : touched ? 'hearth-rule-broken' : 'hearth-rule-open'}>
            {ok ? <TickIcon size={12} /> : <SmallCrossIcon size={12} />} {t(PASSWORD_RULE_KEYS[rule])}
          </li>
        );
      })}
    </ul>
  );
}
