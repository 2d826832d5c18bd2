// The error catalogue of PROTOCOL.md. Handlers throw AppError; the envelope plugin turns it into
// {errCode, errMsg, data} in the request's language.
export const ErrCode = {
  ok: 0,
  fault: 10001,
  notLoggedIn: 10002,
  badParam: 10003,
  tokenExpired: 10004,
  forbidden: 10005,
  tooMany: 10006,
  loggedOut: 10007,
} as const;
export type ErrCodeValue = (typeof ErrCode)[keyof typeof ErrCode];

export interface FieldError {
  field: string;
  rule: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrCodeValue,
    /** Key in server/i18n/messages.ts. */
    readonly messageKey: string,
    readonly params: Record<string, string | number> = {},
    /** Field errors of a 10003; their messages are translated when the answer is built. */
    readonly fields: Omit<FieldError, 'message'>[] = [],
    readonly httpStatus = 200,
  ) {
    super(messageKey);
  }
}

/** A business rule that names one field, e.g. a duplicate code: 10003 with that field marked. */
export function fieldError(field: string, rule: string, params: Record<string, string | number> = {}): AppError {
  return new AppError(ErrCode.badParam, `rule.${rule}`, { field, ...params }, [{ field, rule }]);
}

export const notFoundOrForbidden = () => new AppError(ErrCode.forbidden, 'error.forbidden');
