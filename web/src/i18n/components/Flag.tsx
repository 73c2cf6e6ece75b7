import type { Language } from '../languages'

/** A small SVG flag (emoji flags do not render on every system). Decorative: aria-hidden. */
export function Flag({ code, size = 18 }: { code: Language; size?: number }) {
  const common = {
    width: size,
    height: Math.round((size * 2) / 3),
    viewBox: '0 0 30 20',
    'aria-hidden': true,
    focusable: false,
    className: 'flag',
  } as const
  if (code === 'nl')
    return (
      <svg {...common}>
        <rect width="30" height="20" fill="#21468B" />
        <rect width="30" height="13.34" fill="#fff" />
        <rect width="30" height="6.67" fill="#AE1C28" />
      </svg>
    )
  if (code === 'de')
    return (
      <svg {...common}>
        <rect width="30" height="20" fill="#FFCE00" />
        <rect width="30" height="13.34" fill="#DD0000" />
        <rect width="30" height="6.67" fill="#000" />
      </svg>
    )
  return (
    <svg {...common}>
      <rect width="30" height="20" fill="#012169" />
      <path d="M0 0l30 20M30 0L0 20" stroke="#fff" strokeWidth="4" />
      <path d="M0 0l30 20M30 0L0 20" stroke="#C8102E" strokeWidth="1.6" />
      <path d="M15 0v20M0 10h30" stroke="#fff" strokeWidth="6" />
      <path d="M15 0v20M0 10h30" stroke="#C8102E" strokeWidth="3.4" />
    </svg>
  )
}
