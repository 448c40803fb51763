// The one way the UI writes: TanStack Query's useMutation, with what a success invalidates named by query key
// and a whole-sentence success message per action ("Request approved", "Solicitud enviada").
// A failure is already reported by the client (spec 001 §8) and kept in `mutation.error` for field messages.
import { useMutation, useQueryClient, type QueryClient, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { i18n } from '@/lib/i18n';
import { toast } from '@/lib/feedback/toast';
import { isKeptOnPhone } from '@/lib/phone/outbox';

/** A message key of the interface (a whole sentence in every language). */
export type MessageKey = ParseKeys;

export interface AppMutationOptions<TData, TVars> {
  mutationFn: (vars: TVars) => Promise<TData>;
  /** Query keys (prefixes) to refetch after a success; a function when they depend on the answer. */
  invalidates?: readonly QueryKey[] | ((data: TData, vars: TVars) => readonly QueryKey[]);
  /** The success message's key; omitted for writes whose result the screen shows by itself. */
  success?: MessageKey | ((data: TData, vars: TVars) => MessageKey | undefined);
  onSuccess?: (data: TData, vars: TVars) => void;
  onError?: (err: Error, vars: TVars) => void;
  /** Runs after success or failure (closing a confirmation, clearing a selection). */
  onSettled?: (vars: TVars) => void;
}

/**
 * What a success does, in order: the message, the invalidations (awaited, so the button stays busy until
 * the screen shows the new data and a second press cannot act on stale data), then the caller's own step.
 */
export function appMutationOptions<TData, TVars>(
  queryClient: QueryClient,
  opts: AppMutationOptions<TData, TVars>,
  notify: (message: string) => void = toast.success,
): UseMutationOptions<TData, Error, TVars> {
  return {
    mutationFn: opts.mutationFn,
    onSuccess: async (data, vars) => {
      const key = typeof opts.success === 'function' ? opts.success(data, vars) : opts.success;
      // Kept on this phone with no network (lib/phone/outbox.ts): said so, whatever the action.
      if (isKeptOnPhone(data)) notify(i18n.t('app.outbox.saved'));
      else if (key) notify(i18n.t(key));
      const keys = typeof opts.invalidates === 'function' ? opts.invalidates(data, vars) : (opts.invalidates ?? []);
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      opts.onSuccess?.(data, vars);
    },
    onError: (err, vars) => opts.onError?.(err, vars),
    onSettled: (_data, _err, vars) => opts.onSettled?.(vars),
  };
}

/**
 * A write: `mutation.mutate(vars)` runs it, `mutation.isPending` is the busy state of its button, and
 * `mutation.error` the failure (the client has shown it; field errors come from `fieldErrors`).
 */
export function useAppMutation<TData, TVars = void>(opts: AppMutationOptions<TData, TVars>) {
  const queryClient = useQueryClient();
  return useMutation(appMutationOptions(queryClient, opts));
}
