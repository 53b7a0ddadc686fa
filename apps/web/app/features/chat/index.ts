// The chat feature's public entry: what the shell and other features may use of it.
export { ChatLiveProvider, useChatEvents, useChatLive } from './live.tsx';
export { FloatingChat } from './components/floating-chat.tsx';
export { CHAT_FORM_MARK, ChatRequestButton } from './components/chat-request.tsx';
