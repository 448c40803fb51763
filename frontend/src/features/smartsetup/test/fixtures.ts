// Smart-setup answers for render tests: a batch, its jobs and a draft, as the server sends them (shared/smartsetup.go).
import type { SmartSetupBatch, SmartSetupDraft, SmartSetupFile, SmartSetupGroup, SmartSetupJob, SmartSetupProgress, SmartSetupValue } from '@/types/api.gen';

export function paper(part: Partial<SmartSetupFile> = {}): SmartSetupFile {
  return {
    id: 'f-1', fileId: 'file-1', name: 'ruth-face-sheet.pdf', contentType: 'application/pdf', size: 2048, groupId: 'g-1', errorMessage: '',
    totalPages: 1, ocrPages: 0, detectedName: '', uploadTime: 0, ...part,
  };
}

export function job(part: Partial<SmartSetupJob> = {}): SmartSetupJob {
  return {
    jobId: 'j-1', groupId: 'g-1', step: 'TEXT', state: 'DRAFT', progress: 0, needsRetry: false, errorMessage: '', startTime: 0, finishTime: 0,
    canStop: false, canContinue: false, canRetry: false, canDelete: true, ...part,
  };
}

export function group(part: Partial<SmartSetupGroup> = {}): SmartSetupGroup {
  return { groupId: 'g-1', name: 'Ruth Baker', byHand: false, residentId: '', confirmTime: 0, files: [paper()], jobs: [], ...part };
}

export function batch(part: Partial<SmartSetupBatch> = {}): SmartSetupBatch {
  return { batchId: 'b-1', started: false, finished: false, unconfirmed: 1, groups: [group()], refused: [], createTime: 0, ...part };
}

export function progress(jobs: SmartSetupJob[], part: Partial<SmartSetupProgress> = {}): SmartSetupProgress {
  const running = jobs.some((j) => j.state === 'PENDING' || j.state === 'PROGRESSING');
  const all = jobs.length ? Math.round(jobs.reduce((n, j) => n + j.progress, 0) / jobs.length) : 0;
  return { batchId: 'b-1', progress: all, done: !running, jobs, ...part };
}

export function read(value: string, part: Partial<SmartSetupValue> = {}): SmartSetupValue {
  return { value, page: value ? 1 : 0, quote: value ? `Quote of ${value}` : '', confidence: value ? 0.9 : 0, low: false, ...part };
}

const none = read('');

export function draft(part: Partial<SmartSetupDraft> = {}): SmartSetupDraft {
  return {
    groupId: 'g-1',
    name: 'Ruth Baker',
    rulesOnly: true,
    steps: [],
    profile: {
      firstName: read('Ruth', { quote: 'Name: Ruth Baker' }),
      lastName: read('Baker', { quote: 'Name: Ruth Baker' }),
      dob: read('1941-03-02', { quote: 'Date of birth: 03/02/1941' }),
      gender: none,
      allergies: read('Penicillin', { quote: 'Allergies: Penicillin', confidence: 0.4, low: true }),
      diagnoses: none,
      diet: none,
      mobility: none,
      dnr: none,
      physician: none,
      pharmacy: none,
      preferences: none,
    },
    tasks: [],
    medications: [
      {
        name: read('Metformin', { quote: 'Metformin 500 mg by mouth twice daily 08:00 20:00' }),
        dose: read('500 mg'),
        route: read('by mouth', { confidence: 0.5, low: true }),
        frequency: read('twice daily'),
        times: read('08:00,20:00'),
        prn: read('false'),
        hold: none,
      },
    ],
    contacts: [],
    pages: [{ page: 1, fileId: 'f-1', filePage: 1, ocr: false, text: 'Name: Ruth Baker\nDate of birth: 03/02/1941\nAllergies: Penicillin' }],
    ...part,
  };
}
