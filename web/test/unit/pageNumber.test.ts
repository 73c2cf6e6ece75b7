// @tier unit
// Page numbers in URLs: one spelling per page, and never past what the paging contract accepts.
import t from 'tap'
import { PAGE_MAX } from '@site/contracts/rules'
import { parsePageNumber } from '../../src/lib/pageNumber.ts'

t.test('whole numbers from 1 to PAGE_MAX, written without a leading zero', async (t) => {
  t.equal(parsePageNumber('1'), 1)
  t.equal(parsePageNumber('12'), 12)
  t.equal(parsePageNumber(String(PAGE_MAX)), PAGE_MAX)
  for (const raw of ['', '0', '01', '-1', '1.5', '1e3', ' 2', 'abc', String(PAGE_MAX + 1), '9'.repeat(30)])
    t.equal(parsePageNumber(raw), null, JSON.stringify(raw))
})
