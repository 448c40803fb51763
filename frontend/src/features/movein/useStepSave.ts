import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CheckIn, FieldError } from '@/types/api.gen';
import { isApiError } from '@/lib/api/client';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation, type MessageKey } from '@/lib/api/mutation';
import { UPLOAD_HANDLED_CODES } from '@/lib/files/api/uploadFiles';
import { useRevealErrors } from '@/lib/form/useReveal';
import { checkInKeyOf } from './api/keys';
import type { StepProblemText } from './components/StepForm';
import { itemNamedIn, itemProblems, type ItemList } from './stepProblems';

/**
 * A step's save: the call, the move-in's new state put in the query cache, and a refusal turned into the
 * problem at the top of the step (revealed and focused, with every message the server gave).
 */
export function useStepSave<TVars>(opts: {
  save: (vars: TVars) => Promise<CheckIn>;
  success: MessageKey;
  onSaved: (checkIn: CheckIn) => void;
  /** The step's list, and how an item of it is named ("Task 2 (Evening walk)"), for refusals naming one. */
  items?: { list: ItemList; name: (index: number) => string };
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { formRef, reveal } = useRevealErrors();
  const [problem, setProblem] = useState<StepProblemText | null>(null);
  const mutation = useAppMutation({
    mutationFn: opts.save,
    success: opts.success,
    onSuccess: (checkIn) => {
      queryClient.setQueryData(checkInKeyOf(checkIn.resident.residentId), checkIn);
      opts.onSaved(checkIn);
    },
    onError: (err) => {
      if (!isApiError(err)) return;
      if (err.code === '4022') {
        // The envelope's message names the first problem ("Task 3: Title is required."); further field
        // messages, when the server wrote them, follow it.
        const messages = (Array.isArray(err.data) ? (err.data as FieldError[]) : []).map((fe) => fe?.message).filter((m): m is string => !!m);
        let message = err.message || messages[0] || err.code;
        // A refusal that names its item by field only (tasks[1].title) is told with the item's name.
        const first = opts.items ? itemProblems(fieldErrors(err), opts.items.list)[0] : undefined;
        if (opts.items && first && itemNamedIn(message) === undefined) {
          message = t('movein.problem.item', { item: opts.items.name(first.index), message });
        }
        setProblem({ message, details: [...new Set(messages)].filter((m) => m !== err.message) });
      } else if (err.code === '7002') setProblem({ message: t('residents.form.limitReached'), details: [] });
      else if ((UPLOAD_HANDLED_CODES as readonly string[]).includes(err.code)) {
        setProblem({ message: t('files.upload.failed', { msg: err.message || err.code }), details: [] });
      } else return;
      reveal();
    },
  });
  /** Shows a problem found before sending (the step's own rules) and brings it into view. */
  const refuse = (message: string, details: string[] = []) => {
    setProblem({ message, details });
    reveal();
  };
  const start = (vars: TVars) => {
    setProblem(null);
    mutation.mutate(vars);
  };
  return { mutation, problem, setProblem, refuse, start, formRef, reveal };
}
