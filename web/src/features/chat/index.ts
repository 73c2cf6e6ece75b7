export { ChatWidget, CHAT_PANEL_WIDTH, CHAT_PANEL_HEIGHT } from './components/ChatWidget'
export { useChatStore, getChatSessionId, CHAT_SESSION_KEY } from './stores/chat'
