// Title search above an admin list.
import { useCallback, useEffect, useRef, useState } from 'react'
import { Input } from '@/components'
import { texts } from '../../texts'

/** Title search above a list: searches as the admin types (after a short pause) and on Enter. */
export function SearchField({
  id,
  onSearch,
  label = texts.search.label,
  placeholder = texts.search.placeholder,
}: {
  id: string
  onSearch: (q: string) => void
  /** What is searched, when it is not the titles. */
  label?: string
  placeholder?: string
}) {
  const [value, setValue] = useState('')
  const searched = useRef('')
  // The latest onSearch, so that only the text re-arms the timer (the tab passes a new function every render).
  const onSearchRef = useRef(onSearch)
  useEffect(() => {
    onSearchRef.current = onSearch
  })
  const submit = useCallback((text: string) => {
    if (text === searched.current) return
    searched.current = text
    onSearchRef.current(text)
  }, [])
  useEffect(() => {
    const timer = setTimeout(() => submit(value.trim()), 300)
    return () => clearTimeout(timer)
  }, [value, submit])
  return (
    <form
      role="search"
      className="admin-search"
      onSubmit={(e) => {
        e.preventDefault()
        submit(value.trim())
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder}
        onChange={(e) => setValue(e.target.value)}
      />
    </form>
  )
}
