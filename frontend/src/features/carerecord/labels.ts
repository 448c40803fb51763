// Static key maps for the record's codes (shared/carerecord.go): the 19 note types, the health metrics and
// their units, the care activities, the help they needed, where a reading came from. careLabel
// (lib/care/taskLabels) turns a code into words and shows an unknown code as it is.
import { NOTE_TYPE_KEYS, NOTE_TYPES } from '@/lib/care/noteLabels';

// The note types are shared with the inspector's read-only view (lib/care/noteLabels).
export { NOTE_TYPE_KEYS, NOTE_TYPES };

export const METRIC_KEYS = {
  SYSTOLIC_BP: 'carerecord.metric.systolicBp',
  DIASTOLIC_BP: 'carerecord.metric.diastolicBp',
  HEART_RATE: 'carerecord.metric.heartRate',
  RESPIRATORY_RATE: 'carerecord.metric.respiratoryRate',
  WEIGHT: 'carerecord.metric.weight',
  TEMPERATURE: 'carerecord.metric.temperature',
  OXYGEN_SATURATION: 'carerecord.metric.oxygenSaturation',
  BLOOD_GLUCOSE: 'carerecord.metric.bloodGlucose',
  PAIN: 'carerecord.metric.pain',
  INR: 'carerecord.metric.inr',
  FLUID_INTAKE: 'carerecord.metric.fluidIntake',
  FOOD_INTAKE: 'carerecord.metric.foodIntake',
  BOWEL: 'carerecord.metric.bowel',
  URINE: 'carerecord.metric.urine',
  MENSTRUATION: 'carerecord.metric.menstruation',
  BLOOD_PRESSURE: 'carerecord.metric.bloodPressure',
} as const;

/**
 * Units written in words that differ per language (beats/min, lat/min, 次/分). The symbols every language
 * writes alike (mmHg, lb, °F, %, mg/dL, /10, mL) have no key: careLabel shows them as they are.
 */
export const UNIT_KEYS = {
  bpm: 'carerecord.unit.bpm',
  '/min': 'carerecord.unit.perMin',
  INR: 'carerecord.unit.ratio',
  type: 'carerecord.unit.bristol',
  flow: 'carerecord.unit.flow',
} as const;

export const ACTIVITY_KEYS = {
  BATHING: 'carerecord.activity.bathing',
  TOILETING: 'carerecord.activity.toileting',
  REPOSITIONING: 'carerecord.activity.repositioning',
  MOBILITY: 'carerecord.activity.mobility',
  MEALS: 'carerecord.activity.meals',
  SLEEP: 'carerecord.activity.sleep',
  DRESSING: 'carerecord.activity.dressing',
  ORAL_CARE: 'carerecord.activity.oralCare',
  GROOMING: 'carerecord.activity.grooming',
} as const;

export const ACTIVITIES = Object.keys(ACTIVITY_KEYS);

/** The help an activity needed (CMS MDS 3.0 section G self-performance), and a refusal. */
export const ASSISTANCE_KEYS = {
  INDEPENDENT: 'carerecord.assistance.independent',
  SUPERVISION: 'carerecord.assistance.supervision',
  LIMITED: 'carerecord.assistance.limited',
  EXTENSIVE: 'carerecord.assistance.extensive',
  TOTAL_DEPENDENCE: 'carerecord.assistance.total',
  REFUSED: 'carerecord.assistance.refused',
} as const;

export const SOURCE_KEYS = {
  DIRECT: 'carerecord.source.direct',
  TASK: 'carerecord.source.task',
  EMAR: 'carerecord.source.emar',
} as const;

export const LANGUAGE_KEYS = {
  'en-US': 'carerecord.language.en',
  'es-ES': 'carerecord.language.es',
  'zh-CN': 'carerecord.language.zh',
} as const;
