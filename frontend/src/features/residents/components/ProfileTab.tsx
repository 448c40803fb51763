import type { ReactNode } from 'react';
import { Section, SectionCard } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { CareProvider, Resident } from '@/types/api.gen';
import { DetailList } from '@/components/DetailList';
import { currentLanguage } from '@/lib/i18n';
import { formatHeight, formatWeight } from '@/lib/units/measures';
import { DETAIL_FIELD_KEYS, DNR_KEYS, GENDER_KEYS, LANGUAGE_KEYS, labelOf } from '@/lib/residents/residentLabels';
import { formatCalendarDate } from '../residentPaths';
import { SectionTitle } from '@/components/SectionTitle';

/** The profile tab: every field of 000 §3 "Resident", read-only (editing is the form's job). */
export function ProfileTab({ resident: r }: { resident: Resident }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const none = <span className="hearth-muted">{t('residents.field.none')}</span>;
  const show = (value: string | undefined): ReactNode => (value && value.trim() !== '' ? value : none);
  const long = (value: string): ReactNode => (value.trim() !== '' ? <span className="hearth-resident-text">{value}</span> : none);
  const provider = (p: CareProvider | undefined) => [
    { label: t('residents.field.providerName'), value: show(p?.name) },
    { label: t('residents.field.phone'), value: show(p?.phone) },
    { label: t('residents.field.fax'), value: show(p?.fax) },
    { label: t('residents.field.email'), value: show(p?.email) },
    { label: t('residents.field.address'), value: show(p?.address) },
  ];
  const language_ = r.language === 'OTHER' && r.languageOther ? r.languageOther : labelOf(t, LANGUAGE_KEYS, r.language);
  const ec = r.emergencyContact;
  return (
    <div className="hearth-resident-sections" data-testid="profile-tab">
      <Section titleRenderer={SectionTitle} title={t('residents.section.basic')} compact>
        <SectionCard>
          <DetailList
            rows={[
              { label: t('residents.field.firstName'), value: r.firstName },
              { label: t('residents.field.lastName'), value: r.lastName },
              { label: t('residents.field.preferredName'), value: show(r.preferredName) },
              { label: t('residents.field.dob'), value: r.dob ? formatCalendarDate(r.dob, language) : none, testId: 'profile-dob' },
              { label: t('residents.field.age'), value: r.age, testId: 'profile-age' },
              { label: t('residents.field.gender'), value: labelOf(t, GENDER_KEYS, r.gender) },
              { label: t('residents.field.room'), value: r.room, testId: 'profile-room' },
              { label: t('residents.field.phone'), value: show(r.phone) },
              { label: t('residents.field.language'), value: language_ },
              { label: t('residents.field.moveInDate'), value: r.moveInDate ? formatCalendarDate(r.moveInDate, language) : none },
            ]}
          />
        </SectionCard>
      </Section>
      <Section titleRenderer={SectionTitle} title={t('residents.section.health')} compact>
        <SectionCard>
          <DetailList
            rows={[
              { label: t('residents.field.dnr'), value: labelOf(t, DNR_KEYS, r.dnr), testId: 'profile-dnr' },
              { label: t('residents.field.height'), value: r.height == null ? none : formatHeight(r.height, r.heightUnit === 'IN' ? 'IN' : 'CM', language), testId: 'profile-height' },
              { label: t('residents.field.weight'), value: r.weight == null ? none : formatWeight(r.weight, r.weightUnit === 'LB' ? 'LB' : 'KG', language), testId: 'profile-weight' },
              ...(['allergies', 'diagnoses', 'diet', 'mobility', 'hygiene', 'toileting', 'hearing', 'vision'] as const).map((f) => ({
                label: t(DETAIL_FIELD_KEYS[f]),
                value: long(r[f]),
                testId: `profile-${f}`,
              })),
            ]}
          />
        </SectionCard>
      </Section>
      <Section titleRenderer={SectionTitle} title={t('residents.section.emergency')} compact>
        <SectionCard>
          {ec ? (
            <DetailList
              rows={[
                { label: t('residents.contacts.name'), value: ec.name },
                { label: t('residents.contacts.relationship'), value: show(ec.relationship) },
                { label: t('residents.contacts.phone'), value: <a href={`tel:${ec.phone}`}>{ec.phone}</a> },
              ]}
            />
          ) : (
            none
          )}
        </SectionCard>
      </Section>
      <Section titleRenderer={SectionTitle} title={t('residents.section.physician')} compact>
        <SectionCard>
          <DetailList rows={provider(r.physician)} />
        </SectionCard>
      </Section>
      <Section titleRenderer={SectionTitle} title={t('residents.section.pharmacy')} compact>
        <SectionCard>
          <DetailList rows={provider(r.pharmacy)} />
        </SectionCard>
      </Section>
      <Section titleRenderer={SectionTitle} title={t('residents.section.background')} compact>
        <SectionCard>
          <DetailList
            rows={[
              { label: t('residents.field.personalBackground'), value: long(r.personalBackground) },
              { label: t('residents.field.preferences'), value: long(r.preferences) },
            ]}
          />
        </SectionCard>
      </Section>
    </div>
  );
}
