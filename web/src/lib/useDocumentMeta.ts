import { useEffect } from 'react'

export const SITE_NAME = 'Software & Automation'

function setDescription(content: string) {
  let el = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')
  if (!el) {
    el = document.createElement('meta')
    el.name = 'description'
    document.head.appendChild(el)
  }
  el.content = content
}

/**
 * Sets document.title ("<title> | <site>") and <meta name="description"> for the current route.
 * Pass `null` while the data is loading: the previous values stay until there is something better.
 */
export function useDocumentMeta(title: string | null, description?: string | null): void {
  useEffect(() => {
    if (title !== null) document.title = title ? `${title} | ${SITE_NAME}` : SITE_NAME
  }, [title])
  useEffect(() => {
    if (description) setDescription(description.replace(/\s+/g, ' ').trim().slice(0, 300))
  }, [description])
}
