import * as Toast from '@radix-ui/react-toast'
import { X } from 'lucide-react'
import { cn } from '@/lib/cn'
import { TOAST_DURATION_MS, useToastStore } from '@/stores/toast'

/**
 * The notification area (spec §2/§9): title + description, default and destructive styles,
 * 5000 ms, swipe right (50 px) to dismiss, F8 focuses the viewport, max width 420 px from md up.
 * Mounted once in the root layout; show toasts with `toast({...})` from '@/stores/toast'.
 */
export function Toaster({ closeLabel = 'Close' }: { closeLabel?: string }) {
  const toasts = useToastStore((s) => s.toasts)
  const dismiss = useToastStore((s) => s.dismiss)
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id)
          }}
          duration={t.duration ?? TOAST_DURATION_MS}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn('toast', `toast--${t.variant ?? 'default'}`)}
          data-testid="toast"
        >
          <div className="toast__text">
            {t.title ? <Toast.Title className="toast__title">{t.title}</Toast.Title> : null}
            {t.description ? (
              <Toast.Description className="toast__description">{t.description}</Toast.Description>
            ) : null}
          </div>
          <Toast.Close className="toast__close" aria-label={closeLabel}>
            <X size={16} aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast__viewport" hotkey={['F8']} />
    </Toast.Provider>
  )
}
