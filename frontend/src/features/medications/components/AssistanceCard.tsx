import { useState } from 'react';
import { Button, Card, DialogBody, DialogFooter, Intent, Radio, RadioGroup, TextArea } from '@blueprintjs/core';
import { EditIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { MedicationAssistance } from '@/types/api.gen';
import { SubDetailsMax } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { SectionTitle } from '@/components/SectionTitle';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { careLabel } from '@/lib/care/taskLabels';
import { ASSISTANCE_KEYS } from '@/lib/emar/emarLabels';
import { FormField } from '@/lib/form/FormField';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime } from '@/lib/time/dateTime';
import { saveAssistance, useAssistance } from '../api/assistance';
import { assistanceKey } from '../api/keys';

/** What each level means, with its rule (WAC 388-76-10440 independent, -10450 with assistance, -10460 administration). */
const LEVEL_RULES = {
  INDEPENDENT: 'medications.assistance.ruleIndependent',
  SELF_WITH_ASSISTANCE: 'medications.assistance.ruleSelfWithAssistance',
  ADMINISTRATION: 'medications.assistance.ruleAdministration',
} as const;

interface AssistanceCardProps {
  residentId: string;
  editable: boolean;
  zoneCode: string | undefined;
}

/** The resident's medication assistance level, what it allows, and (owners, admins) its change. */
export function AssistanceCard({ residentId, editable, zoneCode }: AssistanceCardProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const query = useAssistance(residentId);
  const [editing, setEditing] = useState(false);
  const a = query.data;
  const level = a?.level ?? '';
  return (
    <Card className="hearth-med-assistance" data-testid="med-assistance" data-level={level}>
      <div className="hearth-med-section-head">
        <SectionTitle id="med-assistance-title">{t('medications.assistance.title')}</SectionTitle>
        {editable ? (
          <Button icon={<EditIcon />} onClick={() => setEditing(true)} data-testid="med-assistance-edit">
            {t('medications.assistance.edit')}
          </Button>
        ) : null}
      </div>
      {level ? (
        <>
          <p data-testid="med-assistance-level">
            <strong>{careLabel(t, ASSISTANCE_KEYS, level)}</strong>
            {a?.note ? ` · ${a.note}` : ''}
          </p>
          <p className="hearth-muted">{t(LEVEL_RULES[level as keyof typeof LEVEL_RULES] ?? LEVEL_RULES.ADMINISTRATION)}</p>
          {a && a.updateTime > 0 ? (
            <p className="hearth-muted">
              {t('medications.assistance.updated', { name: a.updatedByName, time: formatDateTime(a.updateTime, zoneCode, language) })}
            </p>
          ) : null}
        </>
      ) : (
        <p className="hearth-muted">{query.isPending ? '…' : t('medications.assistance.none')}</p>
      )}
      <p className="hearth-muted hearth-med-wac">{t('medications.assistance.levels')}</p>
      {editing && a ? <AssistanceDialog residentId={residentId} current={a} onClose={() => setEditing(false)} /> : null}
    </Card>
  );
}

function AssistanceDialog({ residentId, current, onClose }: { residentId: string; current: MedicationAssistance; onClose: () => void }) {
  const { t } = useTranslation();
  const [level, setLevel] = useState<string>(current.level || '');
  const [note, setNote] = useState(current.note);
  const [missing, setMissing] = useState(false);
  const save = useAppMutation({
    mutationFn: () => saveAssistance({ residentId, level, note: note.trim() || undefined }),
    invalidates: [assistanceKey, ['care', 'medication', 'listMedicationLog']],
    success: 'medications.done.assistance',
    onSuccess: onClose,
  });
  const server = fieldErrors(save.error);
  return (
    <AppDialog title={t('medications.assistance.dialogTitle')} onClose={onClose} className="hearth-med-dialog">
      <form
        noValidate
        data-testid="assistance-form"
        onSubmit={(e) => {
          e.preventDefault();
          setMissing(level === '');
          if (level !== '') save.mutate();
        }}
      >
        <DialogBody>
          <RadioGroup
            label={t('medications.assistance.level')}
            selectedValue={level}
            onChange={(e) => {
              setLevel(e.currentTarget.value);
              setMissing(false);
            }}
          >
            {(Object.keys(LEVEL_RULES) as (keyof typeof LEVEL_RULES)[]).map((l) => (
              <Radio
                key={l}
                value={l}
                labelElement={
                  <>
                    <strong>{careLabel(t, ASSISTANCE_KEYS, l)}</strong>
                    <br />
                    <span className="hearth-muted">{t(LEVEL_RULES[l])}</span>
                  </>
                }
                data-testid={`assistance-${l}`}
              />
            ))}
          </RadioGroup>
          {missing || server.level ? (
            <p className="hearth-med-error" role="alert">
              {server.level ?? t('medications.assistance.choose')}
            </p>
          ) : null}
          <FormField id="assistance-note" label={t('medications.assistance.note')} error={server.note} hint={t('medications.assistance.noteHint')}>
            <TextArea id="assistance-note" fill rows={2} maxLength={SubDetailsMax} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          </FormField>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose}>{t('medications.form.cancel')}</Button>
              <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} data-testid="assistance-save">
                {t('medications.form.save')}
              </Button>
            </>
          }
        />
      </form>
    </AppDialog>
  );
}
