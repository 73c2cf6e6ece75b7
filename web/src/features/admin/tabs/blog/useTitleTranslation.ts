// The translate buttons of the post editor: POST /api/blog/translate-title from one title to the other.
import { useState } from 'react'
import { translateTitle } from '@/api/blog'
import { toast } from '@/stores/toast'
import { toastError, toastSuccess } from '../../lib/toasts'
import { texts } from '../../texts'

export function useTitleTranslation(onTranslated: (target: 'title_nl' | 'title_en', title: string) => void) {
  const tb = texts.blog
  const [translating, setTranslating] = useState<null | 'nl' | 'en'>(null)

  async function translate(source: 'nl' | 'en', text: string) {
    const title = text.trim()
    if (!title) {
      toast({
        title: tb.noTitle,
        description: source === 'nl' ? tb.enterDutchFirst : tb.enterEnglishFirst,
        variant: 'destructive',
      })
      return
    }
    setTranslating(source)
    try {
      const { translatedTitle } = await translateTitle(title, source)
      onTranslated(source === 'nl' ? 'title_en' : 'title_nl', translatedTitle)
      toastSuccess(tb.translated, translatedTitle)
    } catch (err) {
      toastError(tb.translationFailed, err, tb.translationFailedText)
    } finally {
      setTranslating(null)
    }
  }
  return { translating, translate }
}
