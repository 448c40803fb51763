import { useState } from 'react';
import { Button, Classes, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { SmartSetupBatch, SmartSetupFile } from '@/types/api.gen';
import { ResidentFullNameMax } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { Select } from '@/components/Select';
import { useAppMutation } from '@/lib/api/mutation';
import { FormField } from '@/lib/form/FormField';
import { moveFile } from '../api/moveFile';
import { batchKeyOf } from '../api/keys';

const NEW = '';

interface MoveFileDialogProps {
  batch: SmartSetupBatch;
  file: SmartSetupFile;
  onClose: () => void;
}

/** Moves one file to another resident of the batch, or to a new resident named here. */
export function MoveFileDialog({ batch, file, onClose }: MoveFileDialogProps) {
  const { t } = useTranslation();
  const others = batch.groups.filter((g) => g.groupId !== file.groupId);
  const [to, setTo] = useState(others[0]?.groupId ?? NEW);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const move = useAppMutation({
    mutationFn: () => moveFile(to ? { id: file.id, groupId: to } : { id: file.id, name: name.trim() }),
    invalidates: [batchKeyOf(batch.batchId)],
    success: 'smartsetup.upload.moved',
    onSuccess: onClose,
  });
  const submit = () => {
    if (!to && !name.trim()) {
      setNameError(t('smartsetup.upload.nameNeeded'));
      return;
    }
    move.mutate();
  };
  return (
    <AppDialog title={t('smartsetup.upload.moveTitle', { name: file.name })} onClose={onClose} data-testid="smart-move-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className={Classes.DIALOG_BODY}>
          <FormField id="smart-move-to" label={t('smartsetup.upload.moveTo')}>
            <Select id="smart-move-to" value={to} fill onChange={(e) => setTo(e.currentTarget.value)}>
              {others.map((g) => (
                <option key={g.groupId} value={g.groupId}>
                  {g.name}
                </option>
              ))}
              <option value={NEW}>{t('smartsetup.upload.newResident')}</option>
            </Select>
          </FormField>
          {to === NEW ? (
            <FormField id="smart-move-name" label={t('smartsetup.upload.newName')} required error={nameError}>
              <InputGroup
                id="smart-move-name"
                required
                value={name}
                maxLength={ResidentFullNameMax}
                intent={nameError ? Intent.DANGER : Intent.NONE}
                onChange={(e) => {
                  setName(e.currentTarget.value);
                  setNameError(undefined);
                }}
              />
            </FormField>
          ) : null}
        </div>
        <div className={Classes.DIALOG_FOOTER}>
          <div className={Classes.DIALOG_FOOTER_ACTIONS}>
            <Button onClick={onClose}>{t('common.action.cancel')}</Button>
            <Button type="submit" intent={Intent.PRIMARY} loading={move.isPending} data-testid="smart-move-submit">
              {t('smartsetup.upload.move')}
            </Button>
          </div>
        </div>
      </form>
    </AppDialog>
  );
}
