import type { FastifyInstance, FastifyRequest } from 'fastify'
import { isDuplicateKey } from '@site/service-kit'

/** The gateway's summary of the visit a consultation request came from (gateway/src/plugins/page-views.ts). */
export const VISIT_HEADER = 'x-site-visit'

const field = (params: URLSearchParams, name: string) => {
  const v = params.get(name)?.slice(0, 200)
  return v ? v : null
}

/**
 * A stored consultation request, counted (issue 48): its day, language, the visit's entry page,
 * the last post read and the source, as one more in a count. Nothing links it to the request: no
 * id, no time finer than the day. Never fails the request (a failure is logged).
 */
export async function countConversion(app: FastifyInstance, request: FastifyRequest, language: string) {
  const raw = request.headers[VISIT_HEADER]
  const visit = new URLSearchParams(typeof raw === 'string' ? raw : '')
  const day = new Date().toISOString().slice(0, 10)
  const key = {
    day,
    lang: language,
    post: field(visit, 'post'),
    entry: field(visit, 'entry'),
    source: field(visit, 'source'),
  }
  try {
    const count = () =>
      app.analytics.conversions.updateOne(
        key,
        { $inc: { count: 1 }, $setOnInsert: { month: day.slice(0, 7) } },
        { upsert: true },
      )
    // Two first requests of a combination at once: one insert wins the unique index, the other adds.
    await count().catch((err: unknown) => (isDuplicateKey(err) ? count() : Promise.reject(err)))
  } catch (err) {
    request.log.warn({ reason: (err as Error).message }, 'analytics: conversion not counted')
  }
}
