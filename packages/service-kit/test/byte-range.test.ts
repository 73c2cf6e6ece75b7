// @tier unit
// The byte range a Range header asks of a stored file (RFC 9110 §14): one range is honoured, every
// other form is ignored (the whole file), and a range past the end is unsatisfiable.
import t from 'tap'
import { byteRange } from '../src/byte-range.js'

t.test('one range, from the start, open-ended or the last bytes; cut to the end', async (t) => {
  t.same(byteRange('bytes=0-1', 100), { start: 0, end: 1 }, 'what Safari asks first')
  t.same(byteRange('bytes=10-19', 100), { start: 10, end: 19 })
  t.same(byteRange('bytes=90-', 100), { start: 90, end: 99 })
  t.same(byteRange('bytes=-10', 100), { start: 90, end: 99 })
  t.same(byteRange('bytes=-500', 100), { start: 0, end: 99 }, 'a suffix longer than the file: all of it')
  t.same(byteRange('bytes=50-5000', 100), { start: 50, end: 99 }, 'an end past the file: cut')
  t.same(byteRange(' bytes=0-0 ', 1), { start: 0, end: 0 })
})

t.test('past the end: unsatisfiable (416)', async (t) => {
  t.equal(byteRange('bytes=100-', 100), 'unsatisfiable')
  t.equal(byteRange('bytes=100-200', 100), 'unsatisfiable')
  t.equal(byteRange('bytes=-0', 100), 'unsatisfiable')
  t.equal(byteRange('bytes=0-', 0), 'unsatisfiable', 'an empty file has no bytes to give')
})

t.test('anything else: no range, the whole file', async (t) => {
  for (const header of [
    undefined,
    '',
    'bytes=',
    'bytes=-',
    'bytes=5-1',
    'bytes=0-1,5-6',
    'bytes=a-b',
    'items=0-1',
    'bytes=1.5-2',
    'bytes = 0-1',
  ])
    t.equal(byteRange(header, 100), null, JSON.stringify(header))
})
