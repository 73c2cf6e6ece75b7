// '@site/service-kit/editorial': the editorial parts a service's documents share (docs/editorial.md):
// old slugs' redirects (redirects.ts); the schedule ('@site/service-kit/schedule'), the variants of
// stored images ('@site/service-kit/variants'), preview links and history stay where they were.
export * from './redirects.js'
