// What a failed download says (000 section 8): an export answered with the JSON envelope instead
// of the file shows the server's message (else its code's text, else the unknown-error text);
// anything else that kept the file from arriving shows the spec's download message.
import { ApiError } from '@/api/client';
import { errorText } from '@/lib/error-text';

export function downloadErrorText(t: (key: string, options?: Record<string, unknown>) => string, error: unknown): string {
  if (error instanceof ApiError && error.errCode > 0) return errorText(t, error);
  return t('errors.download');
}
