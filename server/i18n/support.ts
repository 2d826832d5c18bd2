// Messages, feedback and the support chat: refusals, and the private message that carries
// support's answer to feedback (written in the sender's language).
import type { AreaMessages } from './area.ts';

export const supportMessages: AreaMessages = {
  en: {
    'rule.feedbackAnswered': '{field}: this feedback has been answered already',
    'rule.chatClosed': '{field}: the conversation is closed; the user opens it again by writing',
    'feedback.answerTitle': 'Answer to your feedback',
    'feedback.answerBody': 'You wrote:\n{advice}\n\nOur answer:\n{answer}',
  },
  'zh-CN': {
    'rule.feedbackAnswered': '{field}：该反馈已答复',
    'rule.chatClosed': '{field}：会话已关闭，用户再次发消息即可重新打开',
    'feedback.answerTitle': '您的反馈已收到答复',
    'feedback.answerBody': '您的反馈：\n{advice}\n\n我们的答复：\n{answer}',
  },
};
