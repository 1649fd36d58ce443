// Passkeys (domain/REPORTING.md §Passkeys): the person's own passkeys, enrolling one on this device, revoking one,
// and what the browser's and the server's refusals mean in the reader's language.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { startRegistration, WebAuthnError, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import {
  PASSKEY_ALREADY_ENROLLED_MESSAGE,
  PASSKEY_ALREADY_REVOKED_MESSAGE,
  PASSKEY_EXPIRED_MESSAGE,
  PASSKEY_FAILED_MESSAGE,
  PASSKEY_NOT_VERIFIED_MESSAGE,
  PASSKEY_REVOKED_MESSAGE,
  type Passkey,
} from '../../../shared/auth';
import { ApiError, apiDelete, apiGet, apiPost } from '../../lib/api-client';

type T = (key: string, options?: Record<string, unknown>) => string;

export const passkeysQueryKey = ['auth', 'passkeys'] as const;

export function usePasskeys(enabled: boolean) {
  return useQuery({ queryKey: passkeysQueryKey, queryFn: ({ signal }) => apiGet<Passkey[]>('/api/auth/passkeys', signal), enabled });
}

/** Enrols a passkey: the server's options, the device's fingerprint, face or PIN, the server's check. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const optionsJSON = await apiPost<PublicKeyCredentialCreationOptionsJSON>('/api/auth/passkeys/register/options', { name });
      const response = await startRegistration({ optionsJSON });
      return apiPost<Passkey>('/api/auth/passkeys/register/verify', { name, response });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}

export function useRevokePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete<Passkey>(`/api/auth/passkeys/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}

/** The server's passkey messages (src/shared/auth/passkeys.ts), translated. */
const SERVER_MESSAGES: Record<string, string> = {
  [PASSKEY_EXPIRED_MESSAGE]: 'passkeys.errors.expired',
  [PASSKEY_REVOKED_MESSAGE]: 'passkeys.errors.revoked',
  [PASSKEY_FAILED_MESSAGE]: 'passkeys.errors.notVerified',
  [PASSKEY_NOT_VERIFIED_MESSAGE]: 'passkeys.errors.notVerified',
  [PASSKEY_ALREADY_REVOKED_MESSAGE]: 'passkeys.errors.alreadyRevoked',
  [PASSKEY_ALREADY_ENROLLED_MESSAGE]: 'passkeys.errors.alreadyRegistered',
  'Unauthorized: Invalid credentials': 'passkeys.errors.cannotSignIn',
  'Give the passkey a name': 'passkeys.validation.nameRequired',
  'The name may be at most 60 characters': 'passkeys.validation.nameTooLong',
};

/**
 * What went wrong with a passkey request, for the person: the browser's refusal (cancelled, timed out, no
 * passkey support, already enrolled on this device) or the server's message, in the reader's language.
 */
export function passkeyErrorText(t: T, error: unknown): string {
  if (error instanceof ApiError) {
    const message = error.message.replace(/^\d{3}: /, '');
    if (error.status === 429) {
      const wait = /wait (\d+) (second|minute)s?\b/.exec(message);
      if (wait) return t(wait[2] === 'second' ? 'login.tooManySeconds' : 'login.tooManyMinutes', { count: Number(wait[1]) });
    }
    const key = SERVER_MESSAGES[message] ?? SERVER_MESSAGES[error.issues[0]?.message ?? ''];
    return key ? t(key) : message;
  }
  // The person closed the device's prompt, or it timed out (the browser says NotAllowedError for both).
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) return t('passkeys.errors.cancelled');
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return t('passkeys.errors.alreadyRegistered');
    if (error.code === 'ERROR_CEREMONY_ABORTED') return t('passkeys.errors.cancelled');
    if (error.code === 'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT' || error.code === 'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT') {
      return t('passkeys.errors.deviceUnsuitable');
    }
    return t('passkeys.errors.deviceFailed');
  }
  if (error instanceof Error && error.name === 'NotSupportedError') return t('passkeys.errors.unsupported');
  if (error instanceof TypeError) return t('login.connectionError');
  return t('passkeys.errors.deviceFailed');
}
