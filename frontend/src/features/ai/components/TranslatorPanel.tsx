import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { Alert, Button, Callout, Intent, Spinner, Tag, TextArea } from '@blueprintjs/core';
import { CogIcon, MicrophoneIcon, StopIcon, TranslateIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { AIStatus, ResidentLanguage, SpeechVoice } from '@/types/api.gen';
import { LanguageEnglish, SpeechTextMax } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { Select } from '@/components/Select';
import { isApiError } from '@/lib/api/client';
import { useSessionStore } from '@/lib/session/store';
import { textToSpeech } from '../api/speech';
import { transcribe } from '../api/transcription';
import { translate } from '../api/translate';
import {
  AUTO,
  characterCount,
  DEFAULT_SIDES,
  failureKind,
  offlineSupport,
  parseSides,
  providerConfigured,
  showsFix,
  SIDES_STORAGE_KEY,
  SPEECH_VOICES,
  switchNeedsWarning,
  targetLanguage,
  textProblem,
  translationAvailable,
  TRANSLATOR_LANGUAGES,
  type Side,
} from '../translatorRules';
import { keyOf, LANGUAGE_KEYS, VOICE_KEYS } from '../aiLabels';
import { useRecorder, type DesktopRecorder } from './useRecorder';

type SideIndex = 0 | 1;

const STEP_KEYS = {
  hearing: 'ai.translator.step.hearing',
  translating: 'ai.translator.step.translating',
  speaking: 'ai.translator.step.speaking',
} as const;

interface Turn {
  id: number;
  from: SideIndex;
  original: string;
  translated?: string;
  fromLanguage: ResidentLanguage;
  toLanguage: ResidentLanguage;
  provider?: string;
  audioUrl?: string;
  /** 'offline' when espeak-ng spoke it (a WAV), 'ai' for the provider's MP3. */
  speech?: 'ai' | 'offline';
  step: 'hearing' | 'translating' | 'speaking' | 'done';
  problem?: string;
  speechProblem?: string;
}

/** What a failed call says, in the user's language: the server's message, or ours when there was none. */
function useProblemText() {
  const { t } = useTranslation();
  const roles = useSessionStore((st) => st.session?.roles) ?? [];
  return (err: unknown): string => {
    if (!isApiError(err) || !err.code) return t('ai.translator.error.network');
    const kind = failureKind(err.code);
    const fallback = {
      noSpeech: t('ai.translator.error.noSpeech'),
      needsProvider: t('ai.translator.error.needsProvider'),
      noOfflineVoice: t('ai.translator.error.noOfflineVoice'),
      provider: t('ai.translator.error.provider'),
      busy: t('ai.translator.error.busy'),
      quota: t('ai.translator.error.quota'),
      other: t('ai.translator.error.other'),
    }[kind];
    // The server's message names a missing program and its package: for those who can fix it.
    if (!showsFix(err.code, roles)) return err.code === '4154' ? t('ai.translator.error.serverMissing') : fallback;
    return err.message || fallback;
  };
}

/** The remembered sides' text; null where storage is unavailable (a private window that refuses it). */
function readStored(): string | null {
  try {
    return window.localStorage.getItem(SIDES_STORAGE_KEY);
  } catch {
    return null;
  }
}

function writeStored(text: string) {
  try {
    window.localStorage.setItem(SIDES_STORAGE_KEY, text);
  } catch {
    // Not remembered: chosen again next time.
  }
}

function AudioOut({ turn }: { turn: Turn }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLAudioElement>(null);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    // Speak as soon as it is there; a browser that refuses autoplay leaves the controls to press.
    ref.current?.play().catch(() => undefined);
  }, [turn.audioUrl]);
  if (!turn.audioUrl) return null;
  return (
    <audio
      ref={ref}
      className="hearth-ai-audio"
      controls
      src={turn.audioUrl}
      data-testid="translator-audio"
      data-loaded={loaded ? 'true' : 'false'}
      aria-label={t('ai.translator.audioLabel')}
      onLoadedData={() => setLoaded(true)}
    />
  );
}

interface TranslatorPanelProps {
  status: AIStatus | undefined;
  onClose: () => void;
  desktopRecorder?: DesktopRecorder;
}

/**
 * The live speech translator (spec 000 §1; docs/api.md "The translator's round trip"): two sides, each with
 * its language and voice; one speaks (held microphone, a toggle, or typed text), the other hears the
 * translation beside the original, spoken in their voice.
 */
export default function TranslatorPanel({ status, onClose, desktopRecorder }: TranslatorPanelProps) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const ids = useId();
  const [remembered] = useState(() => parseSides(readStored()));
  const [sides, setSidesState] = useState<[Side, Side]>(() => remembered ?? [{ ...DEFAULT_SIDES[0] }, { ...DEFAULT_SIDES[1] }]);
  // Chosen once, remembered on this device: the settings stay folded away once both people are set.
  const [settingsOpen, setSettingsOpen] = useState(remembered === undefined);
  const setSides = (next: (s: [Side, Side]) => [Side, Side]) =>
    setSidesState((s) => {
      const out = next(s);
      writeStored(JSON.stringify(out));
      return out;
    });
  const [detected, setDetected] = useState<[ResidentLanguage | undefined, ResidentLanguage | undefined]>([undefined, undefined]);
  const [speaker, setSpeaker] = useState<SideIndex>(0);
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [pendingSwitch, setPendingSwitch] = useState<{ side: SideIndex; language: ResidentLanguage } | null>(null);
  const [micProblem, setMicProblem] = useState<string | null>(null);
  const recorder = useRecorder(desktopRecorder);
  const nextId = useRef(1);
  const urls = useRef<string[]>([]);
  const busy = turns.some((turn) => turn.step !== 'done');

  useEffect(() => () => urls.current.forEach((u) => URL.revokeObjectURL(u)), []);
  const turnsEnd = useRef<HTMLDivElement>(null);
  // A new turn comes into view (the panel scrolls; on a phone it is the whole screen).
  useEffect(() => {
    if (turns.length > 0) turnsEnd.current?.scrollIntoView?.({ block: 'nearest' });
  }, [turns.length]);

  const update = (id: number, patch: Partial<Turn>) => setTurns((all) => all.map((turn) => (turn.id === id ? { ...turn, ...patch } : turn)));

  const chooseLanguage = (side: SideIndex, language: ResidentLanguage) => {
    if (switchNeedsWarning(sides[side].language, language)) setPendingSwitch({ side, language });
    else setLanguage(side, language);
  };
  const setLanguage = (side: SideIndex, language: ResidentLanguage) =>
    setSides((s) => (side === 0 ? [{ ...s[0], language }, s[1]] : [s[0], { ...s[1], language }]));
  const setVoice = (side: SideIndex, voice: SpeechVoice) => setSides((s) => (side === 0 ? [{ ...s[0], voice }, s[1]] : [s[0], { ...s[1], voice }]));

  /** Translates what side `from` said into the other side's language, then speaks it in the other side's voice. */
  async function translateAndSpeak(id: number, from: SideIndex, words: string, heard?: ResidentLanguage) {
    const listener = (from === 0 ? 1 : 0) as SideIndex;
    const source = heard || sides[from].language;
    const to = targetLanguage(sides[listener], detected[listener]);
    update(id, { step: 'translating', original: words, fromLanguage: source, toLanguage: to });
    let translated: string;
    try {
      const result = await translate({ text: words, from: source, to });
      translated = result.translated;
      if (result.detectedLanguage && sides[from].language === AUTO) {
        setDetected((d) => (from === 0 ? [result.detectedLanguage, d[1]] : [d[0], result.detectedLanguage]));
      }
      update(id, { translated, provider: result.provider, fromLanguage: result.detectedLanguage || source, step: 'speaking' });
    } catch (err) {
      update(id, { problem: problemText(err), step: 'done' });
      return;
    }
    try {
      // One speech call takes at most SpeechTextMax characters (OpenAI's limit): a longer translation is shown whole, spoken in part.
      const spoken = [...translated].slice(0, SpeechTextMax).join('');
      const audio = await textToSpeech({ inputText: spoken, speechVoice: sides[listener].voice, language: to });
      const url = URL.createObjectURL(audio);
      urls.current.push(url);
      update(id, { audioUrl: url, speech: /wav/i.test(audio.type) ? 'offline' : 'ai', step: 'done' });
    } catch (err) {
      update(id, { speechProblem: problemText(err), step: 'done' });
    }
  }

  const sendText = (from: SideIndex) => {
    const problem = textProblem(text);
    if (problem) {
      setTextError(problem === 'empty' ? t('ai.translator.text.empty') : t('ai.translator.text.tooLong', { max: characterCount(text).max }));
      return;
    }
    setTextError(null);
    const id = nextId.current++;
    setTurns((all) => [...all, { id, from, original: text, fromLanguage: sides[from].language, toLanguage: '', step: 'translating' }]);
    const words = text;
    setText('');
    void translateAndSpeak(id, from, words);
  };

  const startRecording = async (from: SideIndex) => {
    setMicProblem(null);
    setSpeaker(from);
    let blob: Blob | null;
    try {
      blob = await recorder.start();
    } catch {
      setMicProblem(t('ai.translator.mic.denied'));
      return;
    }
    if (!blob) {
      setMicProblem(t('ai.translator.mic.nothing'));
      return;
    }
    const id = nextId.current++;
    setTurns((all) => [...all, { id, from, original: '', fromLanguage: sides[from].language, toLanguage: '', step: 'hearing' }]);
    try {
      const heard = await transcribe(blob, sides[from].language);
      await translateAndSpeak(id, from, heard.text, heard.language || undefined);
    } catch (err) {
      update(id, { problem: problemText(err), step: 'done' });
    }
  };

  const recording = recorder.state !== 'idle';
  /** One person's button: press to speak, press again to stop and translate. */
  const press = (e: MouseEvent<HTMLElement>) => {
    const i: SideIndex = e.currentTarget.dataset.side === '1' ? 1 : 0;
    if (recording && speaker === i) recorder.stop();
    else void startRecording(i);
  };
  const counter = characterCount(text);
  // Either person may speak: a pair that needs a provider is named before anyone tries.
  const canTranslate =
    translationAvailable(status, sides[0].language, targetLanguage(sides[1], detected[1])) &&
    translationAvailable(status, sides[1].language, targetLanguage(sides[0], detected[0]));
  const speechOffline = !providerConfigured(status, 'SPEECH');
  const languageLabel = (l: ResidentLanguage) => {
    const key = keyOf(LANGUAGE_KEYS, l);
    return key ? t(key) : l;
  };
  /** A voice by the language it speaks and how it sounds ("Spanish · warm voice"), not by the provider's name. */
  const voiceLabel = (v: SpeechVoice, language: ResidentLanguage) => {
    const key = keyOf(VOICE_KEYS, v);
    return t('ai.translator.voiceOption', { language: languageLabel(language === AUTO ? LanguageEnglish : language), sound: key ? t(key) : v });
  };

  return (
    <AppDialog title={t('ai.translator.title')} onClose={onClose} className="hearth-ai-panel" canOutsideClickClose={false}>
      <div className="hearth-ai-panel-body" data-testid="translator-panel">
        <div className="hearth-ai-who" data-testid="translator-summary">
          <p className="hearth-ai-who-line">
            {t('ai.translator.summary', { caregiver: languageLabel(sides[0].language), resident: languageLabel(sides[1].language) })}
          </p>
          <Button
            variant="minimal"
            icon={<CogIcon />}
            aria-expanded={settingsOpen}
            aria-controls={`${ids}-settings`}
            onClick={() => setSettingsOpen((o) => !o)}
            data-testid="translator-settings"
          >
            {settingsOpen ? t('ai.translator.settingsDone') : t('ai.translator.settings')}
          </Button>
        </div>

        {settingsOpen ? (
          <div className="hearth-ai-sides" id={`${ids}-settings`}>
            {([0, 1] as const).map((i) => {
              const side = sides[i];
              const noVoice = speechOffline && side.language !== AUTO && !offlineSupport(status, side.language).speech;
              return (
                <fieldset key={i} className="hearth-ai-side" data-testid={`translator-side-${i + 1}`}>
                  <legend>{t(i === 0 ? 'ai.translator.side1' : 'ai.translator.side2')}</legend>
                  <label className="hearth-ai-field" htmlFor={`${ids}-lang-${i}`}>
                    {t('ai.translator.language')}
                  </label>
                  <Select
                    id={`${ids}-lang-${i}`}
                    fill
                    value={side.language}
                    onChange={(e) => chooseLanguage(i, e.currentTarget.value)}
                    options={[AUTO, ...TRANSLATOR_LANGUAGES].map((l) => ({ value: l, label: languageLabel(l) }))}
                  />
                  {side.language === AUTO && detected[i] ? (
                    <p className="hearth-muted hearth-ai-hint">{t('ai.translator.detected', { language: languageLabel(detected[i]!) })}</p>
                  ) : null}
                  <label className="hearth-ai-field" htmlFor={`${ids}-voice-${i}`}>
                    {t('ai.translator.voice')}
                  </label>
                  <Select
                    id={`${ids}-voice-${i}`}
                    fill
                    value={side.voice}
                    onChange={(e) => setVoice(i, e.currentTarget.value)}
                    options={SPEECH_VOICES.map((v) => ({ value: v, label: voiceLabel(v, side.language) }))}
                  />
                  {noVoice ? <p className="hearth-muted hearth-ai-hint">{t('ai.translator.noOfflineVoiceHint')}</p> : null}
                </fieldset>
              );
            })}
          </div>
        ) : null}

        {!canTranslate ? (
          <Callout intent={Intent.WARNING} compact data-testid="translator-needs-provider">
            {t('ai.translator.pairNeedsProvider')}
          </Callout>
        ) : null}

        <div className="hearth-ai-mic">
          {recorder.way === 'none' ? (
            <p className="hearth-muted">{t('ai.translator.mic.unavailable')}</p>
          ) : (
            ([0, 1] as const).map((i) => {
              const mine = recording && speaker === i;
              return (
                <Button
                  key={i}
                  size="large"
                  className="hearth-ai-speak"
                  intent={mine ? Intent.DANGER : i === 0 ? Intent.PRIMARY : Intent.SUCCESS}
                  icon={mine ? <StopIcon /> : <MicrophoneIcon />}
                  aria-pressed={mine}
                  disabled={(busy && !mine) || (recording && !mine)}
                  data-testid={`translator-speak-${i + 1}`}
                  data-side={i}
                  onClick={press}
                >
                  <span className="hearth-ai-speak-who">
                    {mine
                      ? recorder.way === 'desktop'
                        ? t('ai.translator.mic.listening')
                        : t('ai.translator.mic.stop')
                      : t(i === 0 ? 'ai.translator.caregiverSpeaks' : 'ai.translator.residentSpeaks')}
                  </span>
                  <span className="hearth-ai-speak-lang">{languageLabel(sides[i].language)}</span>
                </Button>
              );
            })
          )}
          {micProblem ? (
            <p className="hearth-ai-problem" role="alert">
              {micProblem}
            </p>
          ) : null}
        </div>
        {recorder.way === 'desktop' ? <p className="hearth-muted hearth-ai-hint">{t('ai.translator.mic.desktop', { seconds: 8 })}</p> : null}

        <form
          className="hearth-ai-compose"
          onSubmit={(e) => {
            e.preventDefault();
            // Which of the two buttons sent it says who wrote it (Enter in the box cannot submit a textarea).
            const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLElement | null;
            sendText(submitter?.dataset.side === '2' ? 1 : 0);
          }}
        >
          <label htmlFor={`${ids}-text`}>{t('ai.translator.text.label')}</label>
          <TextArea
            id={`${ids}-text`}
            fill
            rows={2}
            value={text}
            intent={counter.over || textError ? Intent.DANGER : Intent.NONE}
            aria-describedby={`${ids}-count${textError ? ` ${ids}-text-error` : ''}`}
            aria-invalid={counter.over || !!textError}
            data-testid="translator-text"
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <div className="hearth-ai-compose-row">
            <span id={`${ids}-count`} className={counter.over ? 'hearth-ai-over' : 'hearth-muted'} data-testid="translator-count">
              {t('ai.translator.text.count', { used: counter.used, max: counter.max })}
            </span>
            <span className="hearth-ai-compose-send">
              <Button type="submit" intent={Intent.PRIMARY} icon={<TranslateIcon />} disabled={busy} data-testid="translator-send" data-side="1">
                {t('ai.translator.text.sendCaregiver')}
              </Button>
              <Button type="submit" icon={<TranslateIcon />} disabled={busy} data-testid="translator-send-2" data-side="2">
                {t('ai.translator.text.sendResident')}
              </Button>
            </span>
          </div>
          {textError ? (
            <p id={`${ids}-text-error`} className="hearth-ai-problem" role="alert">
              {textError}
            </p>
          ) : null}
        </form>

        <section className="hearth-ai-turns" aria-label={t('ai.translator.conversation')} aria-live="polite">
          {turns.length === 0 ? <p className="hearth-muted">{t('ai.translator.empty')}</p> : null}
          {turns.map((turn) => (
            <article key={turn.id} className={`hearth-ai-turn hearth-ai-turn-${turn.from + 1}`} data-testid="translator-turn">
              <div className="hearth-ai-turn-cols">
                <div>
                  <h3 className="hearth-ai-turn-head">
                    {t(turn.from === 0 ? 'ai.translator.side1' : 'ai.translator.side2')} · {languageLabel(turn.fromLanguage)}
                  </h3>
                  <p lang={undefined} data-testid="translator-original">
                    {turn.step === 'hearing' ? t('ai.translator.step.hearing') : turn.original}
                  </p>
                </div>
                <div>
                  <h3 className="hearth-ai-turn-head">
                    {t(turn.from === 0 ? 'ai.translator.side2' : 'ai.translator.side1')}
                    {turn.toLanguage ? ` · ${languageLabel(turn.toLanguage)}` : ''}
                  </h3>
                  {turn.translated !== undefined ? <p data-testid="translator-translation">{turn.translated}</p> : null}
                  {turn.step !== 'done' ? (
                    <span className="hearth-ai-step">
                      <Spinner size={16} aria-hidden />
                      {t(STEP_KEYS[turn.step])}
                    </span>
                  ) : null}
                </div>
              </div>
              {turn.provider || turn.speech ? (
                <div className="hearth-ai-tags">
                  {turn.provider ? (
                    <Tag minimal data-testid="translator-provider" data-provider={turn.provider}>
                      {turn.provider === 'offline' ? t('ai.translator.by.offlineText') : t('ai.translator.by.aiText')}
                    </Tag>
                  ) : null}
                  {turn.speech ? (
                    <Tag minimal data-testid="translator-speech-provider" data-provider={turn.speech}>
                      {turn.speech === 'offline' ? t('ai.translator.by.offlineSpeech') : t('ai.translator.by.aiSpeech')}
                    </Tag>
                  ) : null}
                </div>
              ) : null}
              <AudioOut turn={turn} />
              {turn.problem ? (
                <Callout intent={Intent.DANGER} compact role="alert" data-testid="translator-problem">
                  {turn.problem}
                </Callout>
              ) : null}
              {turn.speechProblem ? (
                <Callout intent={Intent.WARNING} compact role="alert" data-testid="translator-speech-problem">
                  {turn.speechProblem}
                </Callout>
              ) : null}
            </article>
          ))}
          <div ref={turnsEnd} />
        </section>
      </div>
      <Alert
        isOpen={pendingSwitch !== null}
        intent={Intent.WARNING}
        confirmButtonText={t('ai.translator.autoDetect.switch')}
        cancelButtonText={t('common.action.cancel')}
        onConfirm={() => {
          if (pendingSwitch) setLanguage(pendingSwitch.side, pendingSwitch.language);
          setPendingSwitch(null);
        }}
        onCancel={() => setPendingSwitch(null)}
      >
        <p data-testid="translator-auto-warning">{t('ai.translator.autoDetect.warning')}</p>
      </Alert>
    </AppDialog>
  );
}
