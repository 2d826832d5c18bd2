// The text shown for a failed call (000 section 8): the server's message, else the catalogue's
// text for its code, else the unknown-error text. errCode -1 is a transport failure, -2 a timeout,
// -3 an HTTP answer that is not the envelope (its `status` named).
export function errorText(t: (key: string, options?: Record<string, unknown>) => string, error: { errCode: number; message: string; status?: number }): string {
  if (error.errCode === -1) return t('errors.network');
  if (error.errCode === -2) return t('errors.timeout');
  if (error.errCode === -3) return t('errors.httpStatus', { status: error.status });
  if (error.message) return error.message;
  const key = `errors.${error.errCode}`;
  const text = t(key);
  return text === key ? t('errors.unknown') : text;
}
