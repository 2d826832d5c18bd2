// The panel's customer-service and feedback entries: the support chat widget and the feedback
// form of their own pages (src/custom/chat, src/custom/feedback), shown in the panel. A failing
// chat provider leaves the entry empty: the spec has its failures ignored in the UI (000 section 4).
import { ChatWidget } from '@/custom/chat/chat-widget';
import { FeedbackForm } from '@/custom/feedback/feedback-form';

export const PanelService = ChatWidget;

export function PanelFeedback({ onSent }: { onSent(): void }) {
  return <FeedbackForm onSent={onSent} />;
}
