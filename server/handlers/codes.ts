// Verification codes, captchas and the mailbox of sent messages.
import { normaliseEmail, normalisePhone } from '../domain/codes/codes.ts';
import { checkCaptcha, createCaptcha } from '../repositories/captchas.ts';
import { issueCode, verifyCode } from '../repositories/codes.ts';
import { pageOutbox } from '../repositories/outbox.ts';
import { defineHandlers, type HandlerContext } from './types.ts';

const smsGetCode = ({ db, sender, query, request, lang }: HandlerContext<'smsGetCode' | 'appSmsGetCode'>, app: boolean) =>
  issueCode(db, sender, { purpose: query.type, target: normalisePhone(query.phone), channel: 'sms', ip: request.ip, lang, app });

export const codeHandlers = defineHandlers({
  smsGetCode: (ctx) => smsGetCode(ctx, false),
  appSmsGetCode: (ctx) => smsGetCode(ctx, true),

  emailGetCode: ({ db, sender, query, request, lang }) =>
    issueCode(db, sender, { purpose: query.type, target: normaliseEmail(query.email), channel: 'email', ip: request.ip, lang }),

  async smsCheckCode({ db, query }) {
    await verifyCode(db, { purpose: query.type, target: normalisePhone(query.phone), code: query.code });
    return null;
  },

  async emailCheckCode({ db, query }) {
    await verifyCode(db, { purpose: query.type, target: normaliseEmail(query.email), code: query.code });
    return null;
  },

  getCaptcha: ({ db }) => createCaptcha(db),

  async checkCaptcha({ db, query }) {
    await checkCaptcha(db, query.captchaId, query.answer);
    return null;
  },

  outboxPage: ({ db, query }) => pageOutbox(db, query),
});
