import { useRef, useState, type FormEvent } from 'react';
import { Button, Callout, Checkbox, Classes, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { PaperclipIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import {
  FacilityDocNameMax,
  FacilityDocSignerMax,
  FacilityDocSignersMax,
  FacilityDocTypeMax,
  type FacilityDocFields,
  type FacilityRequirement,
} from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { DateInput } from '@/components/DateInput';
import { Select } from '@/components/Select';
import { isApiError } from '@/lib/api/client';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { RequiredMark } from '@/lib/form/FormField';
import { PAPER_ACCEPT, isAcceptedPaper } from '@/lib/files/fileTypes';
import { formatFileSize } from '@/lib/files/fileSize';
import { facilityDocsKey, uploadFacilityInitFile, useFacilityDocSigners } from '../api/facilityDocs';
import { CATEGORIES, categoryLabel, requirementLabel, type Category } from '../facilityDocLabels';

/** What the dialog starts with: a checklist item, a document to add a version to, or nothing. */
export interface UploadStart {
  category?: string;
  requirementCode?: string;
  documentId?: string;
  name?: string;
  renewal?: boolean;
}

interface Props {
  start: UploadStart;
  /** The home's checklist, for the item select. */
  requirements: readonly FacilityRequirement[];
  onClose: () => void;
}

const FLAGS = ['signaturesRequired', 'signaturesCompleted', 'renewal', 'complianceCheck', 'buildingSafetyException', 'isApprovalStep'] as const;
type Flag = (typeof FLAGS)[number];

/** Upload one facility document (or a new version of one) with its metadata of spec 000 §3 and one PDF/JPG/PNG file. */
export function FacilityDocUploadDialog({ start, requirements, onClose }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [category, setCategory] = useState<string>(start.category || CATEGORIES[0]);
  const [requirementCode, setRequirementCode] = useState(start.requirementCode ?? '');
  const [name, setName] = useState(start.name ?? '');
  const [docType, setDocType] = useState('');
  const [signer, setSigner] = useState('');
  const [validFrom, setValidFrom] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [flags, setFlags] = useState<Record<Flag, boolean>>({
    signaturesRequired: false,
    signaturesCompleted: false,
    renewal: Boolean(start.renewal),
    complianceCheck: false,
    buildingSafetyException: false,
    isApprovalStep: false,
  });
  const [signerIds, setSignerIds] = useState<string[]>([]);
  const signers = useFacilityDocSigners(flags.signaturesRequired);
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const fixed = Boolean(start.documentId);
  const items = requirements.filter((r) => r.category === category);
  const item = requirements.find((r) => r.code === requirementCode);

  const upload = useAppMutation({
    mutationFn: (fields: FacilityDocFields) => uploadFacilityInitFile(fields, file as File),
    invalidates: [facilityDocsKey, ['system', 'dashboard']],
    success: 'facilityDocs.upload.done',
    onSuccess: onClose,
    onError: (err) => {
      if (!isApiError(err)) return;
      const fields = fieldErrors(err);
      if (err.code !== '4022' || fields.files) setProblem(t('files.upload.failed', { msg: fields.files || err.message || err.code }));
    },
  });
  const server = upload.isPending ? {} : fieldErrors(upload.error);

  const nameMsg = server.name || (touched && name.trim() === '' ? t('facilityDocs.upload.nameRequired') : undefined);
  const orderMsg = validFrom && expiresOn && expiresOn < validFrom ? t('facilityDocs.upload.expiryBeforeValid') : undefined;
  const needMsg = touched && item?.expiryRequired && !expiresOn ? t('facilityDocs.upload.expiresOnRequired') : undefined;
  const expiryMsg = server.expiresOn || orderMsg || needMsg;
  const fileMsg = touched && !file ? t('facilityDocs.upload.fileRequired') : undefined;

  const choose = (list: FileList | null) => {
    const chosen = list?.[0];
    if (input.current) input.current.value = '';
    if (!chosen) return;
    if (!isAcceptedPaper(chosen)) {
      setProblem(t('facilityDocs.upload.invalidType', { name: chosen.name }));
      return;
    }
    setProblem(null);
    setFile(chosen);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    upload.reset();
    if (name.trim() === '' || orderMsg || (item?.expiryRequired && !expiresOn) || !file) return;
    upload.mutate({
      category,
      requirementCode: requirementCode || undefined,
      documentId: start.documentId,
      name: name.trim(),
      docType: docType.trim() || undefined,
      signer: signer.trim() || undefined,
      validFrom: validFrom || undefined,
      expiresOn: expiresOn || undefined,
      ...flags,
      signerIds: flags.signaturesRequired && signerIds.length > 0 ? signerIds : undefined,
    });
  };

  const title = requirementCode ? t('facilityDocs.upload.titleFor', { item: requirementLabel(t, requirementCode, requirements.find((r) => r.code === requirementCode)?.names) }) : t('facilityDocs.upload.title');
  return (
    <AppDialog title={title} onClose={onClose} style={{ width: 600 }}>
      <form onSubmit={submit} noValidate data-testid="facility-doc-upload">
        <div className={Classes.DIALOG_BODY}>
          <FormGroup label={t('facilityDocs.upload.category')} labelFor="fdoc-category">
            <Select
              id="fdoc-category"
              fill
              disabled={fixed}
              value={category}
              onChange={(e) => {
                setCategory(e.currentTarget.value as Category);
                setRequirementCode('');
              }}
              options={CATEGORIES.map((c) => ({ value: c, label: categoryLabel(t, c) }))}
            />
          </FormGroup>
          <FormGroup label={t('facilityDocs.upload.requirement')} labelFor="fdoc-requirement" helperText={server.requirementCode}>
            <Select
              id="fdoc-requirement"
              fill
              disabled={fixed}
              value={requirementCode}
              onChange={(e) => setRequirementCode(e.currentTarget.value)}
              options={[
                { value: '', label: t('facilityDocs.upload.requirementNone') },
                ...items.map((r) => ({ value: r.code, label: requirementLabel(t, r.code, r.names) })),
              ]}
            />
          </FormGroup>
          <FormGroup
            label={t('facilityDocs.upload.name')}
            labelFor="fdoc-name"
            subLabel={<RequiredMark />}
            intent={nameMsg ? Intent.DANGER : Intent.NONE}
            helperText={nameMsg}
          >
            <InputGroup id="fdoc-name" value={name} maxLength={FacilityDocNameMax} onValueChange={setName} />
          </FormGroup>
          <FormGroup label={t('facilityDocs.upload.docType')} labelFor="fdoc-type" labelInfo={t('facilityDocs.upload.docTypeHint')} helperText={server.docType}>
            <InputGroup id="fdoc-type" value={docType} maxLength={FacilityDocTypeMax} onValueChange={setDocType} />
          </FormGroup>
          <FormGroup label={t('facilityDocs.upload.validFrom')} labelFor="fdoc-valid" labelInfo={t('facilityDocs.upload.validFromHint')} helperText={server.validFrom}>
            <DateInput id="fdoc-valid" value={validFrom} onChange={setValidFrom} />
          </FormGroup>
          <FormGroup
            label={t('facilityDocs.upload.expiresOn')}
            labelFor="fdoc-expires"
            labelInfo={item?.expiryRequired ? undefined : t('facilityDocs.upload.expiresOnHint')}
            subLabel={item?.expiryRequired ? <RequiredMark /> : undefined}
            intent={expiryMsg ? Intent.DANGER : Intent.NONE}
            helperText={expiryMsg}
          >
            <DateInput id="fdoc-expires" value={expiresOn} onChange={setExpiresOn} />
          </FormGroup>
          <FormGroup label={t('facilityDocs.upload.signer')} labelFor="fdoc-signer" helperText={server.signer}>
            <InputGroup id="fdoc-signer" value={signer} maxLength={FacilityDocSignerMax} onValueChange={setSigner} />
          </FormGroup>
          <div className="hearth-fdoc-checks">
            {FLAGS.filter((f) => f !== 'signaturesCompleted' || signerIds.length === 0).map((f) => (
              <Checkbox
                key={f}
                label={t(`facilityDocs.upload.${f}`)}
                checked={flags[f]}
                onChange={(e) => {
                  const checked = e.currentTarget.checked;
                  setFlags((x) => ({ ...x, [f]: checked }));
                }}
              />
            ))}
          </div>
          {flags.signaturesRequired ? (
            <FormGroup label={t('facilityDocs.upload.signers')} helperText={server.signerIds ?? t('facilityDocs.upload.signersHint')} intent={server.signerIds ? Intent.DANGER : Intent.NONE}>
              <div className="hearth-fdoc-checks" role="group" aria-label={t('facilityDocs.upload.signers')} data-testid="fdoc-signers">
                {(signers.data ?? []).map((p) => (
                  <Checkbox
                    key={p.userId}
                    label={p.name || p.userId}
                    checked={signerIds.includes(p.userId)}
                    onChange={(e) => {
                      const checked = e.currentTarget.checked;
                      setSignerIds((ids) => (checked ? [...ids, p.userId] : ids.filter((id) => id !== p.userId)).slice(0, FacilityDocSignersMax));
                    }}
                  />
                ))}
              </div>
            </FormGroup>
          ) : null}
          <FormGroup
            label={t('facilityDocs.upload.file')}
            labelInfo={t('facilityDocs.upload.fileHint')}
            helperText={fileMsg ?? t('facilityDocs.upload.fileRules')}
            intent={fileMsg ? Intent.DANGER : Intent.NONE}
          >
            {file ? (
              <p data-testid="chosen-file">
                {file.name} ({formatFileSize(file.size)}){' '}
                <Button variant="minimal" size="small" onClick={() => setFile(null)}>
                  {t('facilityDocs.upload.remove')}
                </Button>
              </p>
            ) : null}
            <input
              ref={input}
              type="file"
              hidden
              accept={PAPER_ACCEPT}
              data-testid="facility-doc-file-input"
              onChange={(e) => choose(e.currentTarget.files)}
            />
            <Button icon={<PaperclipIcon />} onClick={() => input.current?.click()}>
              {t('facilityDocs.upload.choose')}
            </Button>
          </FormGroup>
          {problem ? (
            <Callout intent={Intent.DANGER} compact data-testid="upload-problem">
              {problem}
            </Callout>
          ) : null}
        </div>
        <div className={Classes.DIALOG_FOOTER}>
          <div className={Classes.DIALOG_FOOTER_ACTIONS}>
            <Button onClick={onClose}>{t('common.action.cancel')}</Button>
            <Button type="submit" intent={Intent.PRIMARY} loading={upload.isPending} data-testid="facility-doc-submit">
              {t('facilityDocs.upload.submit')}
            </Button>
          </div>
        </div>
      </form>
    </AppDialog>
  );
}
