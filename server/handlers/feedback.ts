// Feedback (openapi/paths/feedback.yaml): the types, the user's submission, and support's list and
// answer, whose private message is announced to the sender's open pages.
import { addFeedback, answerFeedback, feedbackTypeList, pageFeedback } from '../repositories/feedback.ts';
import { announceUnread } from '../services/message-events.ts';
import { defineHandlers } from './types.ts';

export const feedbackHandlers = defineHandlers({
  getTypes: ({ db, lang }) => feedbackTypeList(db, lang),
  adviceAdd: ({ db, user, body, lang }) => addFeedback(db, user, body, lang),
  advicePage: ({ db, user, query, lang }) => pageFeedback(db, user, query, lang),
  async adviceAnswer({ db, user, body, lang, request }) {
    const { feedback, recipient } = await answerFeedback(db, user, body.id, body.answer, lang);
    announceUnread(request.server, db, [recipient]);
    return feedback;
  },
});
