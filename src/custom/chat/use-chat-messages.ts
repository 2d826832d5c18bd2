// A conversation's messages, read again every CHAT_REFRESH_MS while shown (the built-in provider
// has no push of its own); reading them marks them read for the reader's side. Failures leave
// the last messages shown: the chat is never in the way of the page (000 section 4).
import { useCallback, useEffect, useState } from 'react';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';

export type ChatMessage = DataOf<'getChatMessages'>[number];

export const CHAT_REFRESH_MS = 10_000;

export function useChatMessages(conversationId: number | undefined, onRead?: () => void) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    let live = true;
    const load = () => call('getChatMessages', { query: conversationId ? { conversationId } : {}, silent: true }).then((list) => {
      if (!live) return;
      setMessages(list);
      onRead?.();
    }, () => undefined);
    void load();
    const timer = setInterval(() => void load(), CHAT_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [conversationId, version]); // eslint-disable-line react-hooks/exhaustive-deps -- onRead is a new closure each render
  return { messages, reload };
}
