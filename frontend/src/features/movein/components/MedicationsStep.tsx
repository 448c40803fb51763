import { Tag } from '@blueprintjs/core';
import { PillIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { CheckInMedicationsMax } from '@/types/api.gen';
import { hasTimes } from '@/lib/care/medicationForm';
import { MEDICATION_TYPE_KEYS, ROUTE_KEYS } from '@/lib/care/medicationLabels';
import { careLabel } from '@/lib/care/taskLabels';
import { currentLanguage } from '@/lib/i18n';
import { formatTimeOfDay } from '@/lib/time/timeOfDay';
import { createEmarsForCheckIn } from '../api/createEmarsForCheckIn';
import { emptyMedicationDraft, medicationRequest, validateMedication, type MedicationDraft } from '../medicationDraft';
import { ItemListStep, type ListStepProps } from './ItemListStep';
import { MedicationFormDialog } from './MedicationFormDialog';
import { PeriodLine } from './PeriodLine';

/** Step 4, eMARs: the resident's medication list (the eMAR turns it into med passes), saved together with Next. */
export function MedicationsStep(props: ListStepProps<MedicationDraft> & { today: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { items: medications, today } = props;
  return (
    <ItemListStep
      {...props}
      kind="medication"
      title={t('movein.step.emars')}
      hint={t('movein.medications.hint')}
      testId="movein-emars"
      save={(list, files) => createEmarsForCheckIn({ residentId: props.residentId, medications: list.map(medicationRequest) }, files)}
      success="movein.done.medicationsSaved"
      list="medications"
      max={CheckInMedicationsMax}
      words={{
        count: t('movein.medications.count', { n: medications.length }),
        add: t('movein.medications.add'),
        empty: t('movein.medications.empty'),
        tooMany: t('movein.medications.tooMany', { max: CheckInMedicationsMax }),
        fix: t('movein.medications.fix'),
        documentsHint: t('movein.documents.emarsHint'),
      }}
      emptyIcon={<PillIcon size={32} />}
      newItem={() => emptyMedicationDraft(today)}
      nameOf={(m) => m.name}
      itemName={(index) => t('movein.medications.itemName', { n: index + 1, name: medications[index]?.name ?? '' })}
      needsFix={(m, i) => (Object.keys(validateMedication(m)).length > 0 ? t('movein.medications.needsFix', { n: i + 1, name: m.name || '—' }) : undefined)}
      heading={(m, i) => `${t('movein.medications.number', { n: i + 1 })} ${m.name} ${m.dose}`}
      details={(m, _i, problemTag) => (
        <>
          <div className="hearth-movein-item-tags">
            <Tag minimal>{careLabel(t, MEDICATION_TYPE_KEYS, m.type)}</Tag>
            <Tag minimal>{careLabel(t, ROUTE_KEYS, m.route)}</Tag>
            {problemTag}
          </div>
          <p className="hearth-movein-item-line">
            {[m.frequency, hasTimes(m.type) ? m.times.map((x) => formatTimeOfDay(x, language) || x).join(', ') : t('movein.medications.asNeeded')]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <PeriodLine startDate={m.startDate} endDate={m.endDate} />
        </>
      )}
      dialog={(m, isNew, close, done) => <MedicationFormDialog medication={m} isNew={isNew} onClose={close} onDone={done} />}
    />
  );
}
