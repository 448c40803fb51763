import { useEffect, useId, useRef, useState } from 'react';
import { Button, Callout, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { SendMessageIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AIChatHelp, type AIStatus } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { isApiError } from '@/lib/api/client';
import { currentLanguage } from '@/lib/i18n';
import { chatCompletion } from '../api/chat';
import { citedSections, helpPrompt, searchHelp, type HelpSection } from '../helpSearch';
import { providerConfigured } from '../translatorRules';

/** The help corpus of each interface language, loaded with the panel. */
const CORPUS: Record<string, () => Promise<readonly HelpSection[]>> = {
  'en-US': () => import('../help/en-US').then((m) => m.HELP),
  'es-ES': () => import('../help/es-ES').then((m) => m.HELP),
  'zh-CN': () => import('../help/zh-CN').then((m) => m.HELP),
};

/** A question is short; the prompt carries the sections too (5000 characters in all). */
export const HELP_QUESTION_MAX = 500;

interface Exchange {
  id: number;
  question: string;
  sections: readonly HelpSection[];
  answer?: string;
  cited?: readonly HelpSection[];
  pending: boolean;
  problem?: string;
}

interface HelpPanelProps {
  status: AIStatus | undefined;
  caregiver: boolean;
  onClose: () => void;
}

/**
 * The help assistant (premium, spec 000 §6): answers how-to questions from Hearth's own help sections. With
 * an AI provider the matching sections and the question go to /basic/chatCompletion (use HELP, whose
 * instructions the server keeps) and the answer cites the screens; without one, the matching sections are
 * shown as they are.
 */
export default function HelpPanel({ status, caregiver, onClose }: HelpPanelProps) {
  const { t } = useTranslation();
  const id = useId();
  const lang = currentLanguage();
  const [corpus, setCorpus] = useState<readonly HelpSection[] | null>(null);
  const [question, setQuestion] = useState('');
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const nextId = useRef(1);
  const ai = providerConfigured(status, 'TRANSLATION') && (status?.capabilities.find((c) => c.capability === 'TRANSLATION')?.allowed ?? false);

  useEffect(() => {
    let live = true;
    void (CORPUS[lang] ?? CORPUS['en-US'])().then((c) => live && setCorpus(c));
    return () => {
      live = false;
    };
  }, [lang]);

  const update = (n: number, patch: Partial<Exchange>) => setExchanges((all) => all.map((e) => (e.id === n ? { ...e, ...patch } : e)));

  const ask = async () => {
    const q = question.trim();
    if (!q || !corpus) return;
    const sections = searchHelp(corpus, q, 3).map((m) => m.section);
    const n = nextId.current++;
    setExchanges((all) => [...all, { id: n, question: q, sections, pending: ai && sections.length > 0 }]);
    setQuestion('');
    if (!ai || sections.length === 0) return;
    try {
      // The instructions (answer from these sections, cite them, in the reader's language) are the server's.
      const result = await chatCompletion({ use: AIChatHelp, prompt: helpPrompt(sections, q) });
      update(n, { answer: result.content, cited: citedSections(result.content, sections), pending: false });
    } catch (err) {
      update(n, { pending: false, problem: isApiError(err) && err.message ? err.message : t('ai.translator.error.network') });
    }
  };

  const screenOf = (s: HelpSection) => (caregiver && s.caregiverScreen ? s.caregiverScreen : s.screen);

  const sectionLinks = (sections: readonly HelpSection[]) => (
    <ul className="hearth-ai-help-links">
      {sections.map((s) => (
        <li key={s.id}>
          <Link to={screenOf(s)} onClick={onClose} data-testid="help-link">
            {t('ai.help.open', { screen: s.title })}
          </Link>
        </li>
      ))}
    </ul>
  );

  return (
    <AppDialog title={t('ai.help.title')} onClose={onClose} className="hearth-ai-panel">
      <div className="hearth-ai-panel-body" data-testid="help-panel">
        <p className="hearth-muted">{ai ? t('ai.help.introAi') : t('ai.help.introOffline')}</p>
        <form
          className="hearth-ai-help-form"
          onSubmit={(e) => {
            e.preventDefault();
            void ask();
          }}
        >
          <label htmlFor={`${id}-q`} className="hearth-ai-field">
            {t('ai.help.question')}
          </label>
          <div className="hearth-ai-compose-row">
            <InputGroup
              id={`${id}-q`}
              fill
              value={question}
              maxLength={HELP_QUESTION_MAX}
              placeholder={t('ai.help.placeholder')}
              data-testid="help-question"
              onChange={(e) => setQuestion(e.currentTarget.value)}
            />
            <Button type="submit" intent={Intent.PRIMARY} icon={<SendMessageIcon />} disabled={!corpus || question.trim() === ''} data-testid="help-ask">
              {t('ai.help.ask')}
            </Button>
          </div>
        </form>
        <section className="hearth-ai-turns" aria-label={t('ai.help.answers')} aria-live="polite">
          {exchanges.map((e) => (
            <article key={e.id} className="hearth-ai-turn" data-testid="help-exchange">
              <h3 className="hearth-ai-turn-head">{e.question}</h3>
              {e.sections.length === 0 ? (
                <p data-testid="help-nothing">
                  {t('ai.help.nothing')} <Link to="/help/support-ticket" onClick={onClose}>{t('ai.help.ticket')}</Link>
                </p>
              ) : null}
              {e.pending ? (
                <span className="hearth-ai-step">
                  <Spinner size={16} aria-hidden />
                  {t('ai.help.thinking')}
                </span>
              ) : null}
              {e.answer ? (
                <>
                  <p className="hearth-ai-answer" data-testid="help-answer">
                    {e.answer}
                  </p>
                  {sectionLinks(e.cited && e.cited.length > 0 ? e.cited : e.sections)}
                </>
              ) : null}
              {e.problem ? (
                <Callout intent={Intent.WARNING} compact role="alert">
                  {e.problem}
                </Callout>
              ) : null}
              {!e.answer && !e.pending && e.sections.length > 0 ? (
                <>
                  {ai ? null : <p className="hearth-muted">{t('ai.help.fromHelp')}</p>}
                  {e.sections.map((s, i) => (
                    <div key={s.id} className="hearth-ai-help-section" data-testid="help-section" data-section={s.id}>
                      <h4>
                        [{i + 1}] {s.title}
                      </h4>
                      <p>{s.body}</p>
                      <Link to={screenOf(s)} onClick={onClose} data-testid="help-link">
                        {t('ai.help.open', { screen: s.title })}
                      </Link>
                    </div>
                  ))}
                </>
              ) : null}
            </article>
          ))}
        </section>
      </div>
    </AppDialog>
  );
}
