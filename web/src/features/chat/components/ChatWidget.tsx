// The floating chat widget (spec §2, §4, §5, §8, §9): a round button bottom-left opens a 384 × 600
// panel; the disclosure (automated, may be wrong, the way to a person) above the Dutch greeting,
// Dutch times (hh:mm), typing dots while waiting, Enter sends and Shift+Enter does not; input and
// send are disabled while a reply is pending; each answer can be rated.
import { MessageCircle, Send, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Button } from '@/components'
import { useT } from '@/i18n'
import { useChatStore, type ChatEntry } from '../stores/chat'
import { ChatBubble } from './ChatBubble'
import { ChatDisclosure } from './ChatDisclosure'
import '../chat.css'

export const CHAT_PANEL_WIDTH = 384
export const CHAT_PANEL_HEIGHT = 600

export function ChatWidget() {
  const t = useT().chat
  const { open, pending, messages, greetedAt, setOpen, send } = useChatStore()
  const [draft, setDraft] = useState('')
  const listRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    const list = listRef.current
    if (list) list.scrollTop = list.scrollHeight
  }, [messages.length, pending, open])
  useEffect(() => {
    if (open && !pending) inputRef.current?.focus()
  }, [open, pending])

  const submit = () => {
    if (!draft.trim() || pending) return
    const text = draft
    setDraft('')
    void send(text, t)
  }
  const close = () => {
    setOpen(false)
    requestAnimationFrame(() => buttonRef.current?.focus())
  }

  const greeting: ChatEntry = { id: 'greeting', text: t.greeting, sender: 'bot', timestamp: greetedAt }
  return (
    <div className="chat" data-testid="chat-widget">
      {open ? (
        <section
          className="chat__panel"
          role="dialog"
          aria-modal="false"
          aria-labelledby="chat-title"
          style={{ width: CHAT_PANEL_WIDTH, height: CHAT_PANEL_HEIGHT }}
          data-testid="chat-panel"
          onKeyDown={(e) => {
            if (e.key === 'Escape') close()
          }}
        >
          <header className="chat__header">
            <span className="chat__avatar" aria-hidden="true">
              <MessageCircle size={20} />
            </span>
            <div>
              <h2 id="chat-title" className="chat__title">
                {t.title}
              </h2>
              <p className="chat__status" lang="nl">
                <span className="chat__online-dot" aria-hidden="true" /> {t.online}
              </p>
            </div>
            <Button variant="ghost" size="icon" className="chat__close" aria-label={t.close} onClick={close}>
              <X size={18} aria-hidden />
            </Button>
          </header>
          <div
            className="chat__messages"
            ref={listRef}
            role="log"
            aria-live="polite"
            aria-label={t.messages}
            tabIndex={0}
            lang="nl"
          >
            <ChatDisclosure />
            <ol className="chat__list">
              <ChatBubble m={greeting} label={t.bot} />
              {messages.map((m) => (
                <ChatBubble key={m.id} m={m} label={m.sender === 'user' ? t.you : t.bot} />
              ))}
              {pending ? (
                <li className="chat__message chat__message--bot" data-testid="chat-typing">
                  <span className="sr-only">{t.typing}</span>
                  <span className="chat__bubble chat__typing" aria-hidden="true">
                    <span />
                    <span />
                    <span />
                  </span>
                </li>
              ) : null}
            </ol>
          </div>
          <form
            className="chat__form"
            onSubmit={(e) => {
              e.preventDefault()
              submit()
            }}
          >
            <label htmlFor="chat-input" className="sr-only">
              {t.placeholder}
            </label>
            <input
              id="chat-input"
              ref={inputRef}
              className="input chat__input"
              placeholder={t.placeholder}
              value={draft}
              disabled={pending}
              autoComplete="off"
              maxLength={1000}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key !== 'Enter') return
                e.preventDefault() // Shift+Enter does not send (and a one-line input has no newline)
                if (!e.shiftKey && !e.nativeEvent.isComposing) submit()
              }}
            />
            <Button type="submit" size="icon" aria-label={t.send} disabled={pending || !draft.trim()}>
              <Send size={18} aria-hidden />
            </Button>
          </form>
        </section>
      ) : null}
      <button
        ref={buttonRef}
        type="button"
        className="chat__launcher"
        aria-label={open ? t.close : t.open}
        aria-expanded={open}
        onClick={() => (open ? close() : setOpen(true))}
        data-testid="chat-launcher"
      >
        {open ? <X size={26} aria-hidden /> : <MessageCircle size={26} aria-hidden />}
      </button>
    </div>
  )
}
