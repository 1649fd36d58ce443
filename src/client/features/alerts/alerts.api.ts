import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmergencyAlert, RaiseAlertInput } from '../../../shared/alerts';
import { apiPost } from '../../lib/api-client';

/** POST /api/alerts; the feed and the bells refresh (the raiser may be one of those who answer it). */
export function useRaiseAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RaiseAlertInput) => apiPost<EmergencyAlert>('/api/alerts', input),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['activities'] }), queryClient.invalidateQueries({ queryKey: ['notifications'] })]),
  });
}
