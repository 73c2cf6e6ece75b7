import { randomBytes } from 'node:crypto'
import { buildApp } from '../src/app.js'
import { readConfig } from '../src/config.js'

/** The content service for the kit's testApp. */
export const content = { name: 'content', config: readConfig, build: buildApp }

export function multipart(bytes: Buffer, filename = 'image.png', contentType = 'image/png', field = 'file') {
  const boundary = `----sitetest${randomBytes(8).toString('hex')}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

export const text = (n: number, c = 'a') => c.repeat(n)
