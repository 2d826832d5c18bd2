// The customer-service page (menu "Customer service"): the caller's support chat.
import { Card } from 'antd';
import { ChatWidget } from './chat-widget';

export default function ChatPage() {
  return (
    <Card style={{ maxWidth: 720 }} data-testid="chat-page">
      <ChatWidget />
    </Card>
  );
}
