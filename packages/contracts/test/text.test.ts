// @tier unit
// The one HTML-to-text function of the blog, the chat and the web app.
import t from 'tap'
import { htmlToText, plainText } from '../src/text.ts'

t.test('tags go; blocks end a line, inline tags leave no space', async (t) => {
  t.equal(
    htmlToText('<h2>Title</h2><p>Some <strong>bold</strong> wo<em>r</em>d.</p><p>Next</p>'),
    'Title\nSome bold word.\nNext',
  )
  t.equal(htmlToText('<ul><li>one</li><li>two</li></ul>'), 'one\ntwo')
  t.equal(htmlToText('line<br>break<br/>again'), 'line\nbreak\nagain')
  t.equal(htmlToText('<table><tr><td>a</td><td>b</td></tr></table>'), 'a b')
  t.equal(htmlToText(null), '')
  t.equal(htmlToText(''), '')
})

t.test('what is not text goes, with its content', async (t) => {
  t.equal(htmlToText('<script>alert(1)</script>Titel'), 'Titel')
  t.equal(htmlToText('<img src=x onerror=alert(1)>Title'), 'Title')
  t.equal(htmlToText('a<STYLE type="x">p { color: red }</style >b'), 'ab')
  t.equal(htmlToText('a<!-- <p>hidden</p> -->b<!DOCTYPE html>c<?xml version="1.0"?>d'), 'abcd')
  t.equal(htmlToText('kept<script>never closed <p>lost</p>'), 'kept', 'an unclosed script takes the rest')
  t.equal(htmlToText('<a title="x > y" href="/">link</a>'), 'link', 'a > inside a quoted value')
  t.equal(htmlToText('text <p unfinished'), 'text', 'an unfinished tag at the end is not text')
})

t.test('a < that starts no tag is text', async (t) => {
  t.equal(htmlToText('a < b and 3<4'), 'a < b and 3<4')
  t.equal(htmlToText('x </ y'), 'x </ y')
})

t.test('entities are decoded once, after the tags', async (t) => {
  t.equal(
    htmlToText('Tom &amp; Jerry &lt;3 &quot;q&quot; &#39;s&#39; &apos;a&apos;'),
    "Tom & Jerry <3 \"q\" 's' 'a'",
  )
  t.equal(htmlToText('&amp;lt;p&amp;gt;'), '&lt;p&gt;', 'no second decoding')
  t.equal(
    htmlToText('&lt;script&gt;alert(1)&lt;/script&gt;'),
    '<script>alert(1)</script>',
    'escaped markup is text',
  )
  t.equal(htmlToText('caf&#233; &#x263A; &hellip; &mdash; &euro;'), 'café ☺ … — €')
  t.equal(htmlToText('a&nbsp;b &unknown; &#0; &#xD800;'), 'a b &unknown;')
})

t.test('whitespace: folded within lines, blank lines dropped; plainText on one line', async (t) => {
  t.equal(htmlToText('  <p>  a \t b  </p>\n\n\n<p> c </p>  '), 'a b\nc')
  t.equal(plainText('<h1>A</h1>\n<p>b  c</p>'), 'A b c')
  t.equal(plainText('  spaced   title  '), 'spaced title')
})
