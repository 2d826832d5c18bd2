// The support chat's provider interface (000 section 4 "Support chat": open or closed, an unread
// count read from the provider). The handlers speak only to this interface, so a hosted chat
// service can replace the built-in provider (builtin.ts) without touching the contract or the
// widget. A provider signals failure by throwing; getChatInfo logs it and answers the widget
// `available: false`, which the widget shows as no chat at all.
import type { Page, PageRequest } from '../../repositories/paging.ts';
import type { AuthContext } from '../../plugins/auth.ts';

export type ChatState = 'open' | 'closed';

export interface ChatInfo {
  state: ChatState | 'none';
  unreadNum: number;
  conversationId?: number;
}

export interface ChatMessage {
  id: number;
  conversationId: number;
  fromStaff: boolean;
  senderName?: string | undefined;
  content: string;
  sendTime: string;
}

export interface ChatConversation {
  id: number;
  userId: string;
  loginName: string;
  nickname: string;
  officeName: string;
  state: ChatState;
  unreadNum: number;
  lastContent?: string | undefined;
  lastTime: string;
  createTime: string;
}

export interface ConversationFilter extends PageRequest {
  searchOfficeIdArr?: string | undefined;
  state?: ChatState | undefined;
}

/**
 * `conversationId` absent: the caller's own conversation, as a user. Present: a user's
 * conversation, which the caller answers as support staff (`staff` says whether the caller holds
 * the support permission; the provider refuses 10005 otherwise, or outside their organisations).
 */
export interface ChatProvider {
  info(caller: AuthContext): Promise<ChatInfo>;
  messages(caller: AuthContext, staff: boolean, conversationId?: number): Promise<ChatMessage[]>;
  send(caller: AuthContext, staff: boolean, content: string, conversationId?: number): Promise<ChatMessage>;
  close(caller: AuthContext, staff: boolean, conversationId?: number): Promise<void>;
  conversations(caller: AuthContext, filter: ConversationFilter): Promise<Page<ChatConversation>>;
}
