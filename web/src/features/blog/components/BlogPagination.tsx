import { ArrowLeft, ArrowRight } from 'lucide-react'
import { Link } from 'react-router-dom'
import { useLocalePath, useT } from '@/i18n'

/**
 * A page number that is no page (`?page=0`, `?page=abc`, one past the last): says so, with links
 * to the first and (when known) the last page. The server answers these URLs with 404.
 */
export function BlogPageMissing({ pages }: { pages: number | null }) {
  const b = useT().blog
  const to = useLocalePath()
  return (
    <div className="blog__empty" data-testid="blog-page-missing">
      <h2>{b.pageMissingTitle}</h2>
      {pages !== null ? <p>{b.pageMissingText(pages)}</p> : null}
      <p className="blog__missing-links">
        <Link to={to('/blog')}>{b.firstPage}</Link>
        {pages !== null && pages > 1 ? <Link to={to(`/blog?page=${pages}`)}>{b.lastPage}</Link> : null}
      </p>
    </div>
  )
}

/** Previous / next links between the pages of /blog (plain links: they work before any script). */
export function BlogPagination({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const b = useT().blog
  const to = useLocalePath()
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages <= 1) return null
  const href = (n: number) => to(n === 1 ? '/blog' : `/blog?page=${n}`)
  return (
    <nav className="blog-pagination" aria-label={b.pagination} data-testid="blog-pagination">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className="blog-pagination__link">
          <ArrowLeft size={16} aria-hidden /> {b.previousPage}
        </Link>
      ) : (
        <span />
      )}
      <span className="blog-pagination__status" aria-current="page">
        {b.pageXofY(Math.min(page, pages), pages)}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next" className="blog-pagination__link">
          {b.nextPage} <ArrowRight size={16} aria-hidden />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}
