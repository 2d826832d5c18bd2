// The text of a code's SMS or e-mail in the requester's language.
import { translate } from '../../i18n/messages.ts';
import { CODE_TTL_S, type Channel, type CodePurpose } from './codes.ts';

export interface CodeMessageInput {
  channel: Channel;
  purpose: CodePurpose;
  code: string;
  lang: string;
  /** The mobile app's screens asked for it: the text names the app. */
  app?: boolean | undefined;
}

export function codeMessage(input: CodeMessageInput): { subject: string; body: string } {
  const platform = translate(input.lang, input.app ? 'codes.platform.app' : 'codes.platform.web');
  const params = { platform, code: input.code, minutes: CODE_TTL_S / 60, purpose: translate(input.lang, `codes.purpose.${input.purpose}`) };
  return {
    subject: translate(input.lang, 'codes.subject', params),
    body: translate(input.lang, input.channel === 'sms' ? 'codes.sms' : 'codes.email', params),
  };
}
