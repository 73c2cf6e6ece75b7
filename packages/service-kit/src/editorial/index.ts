// '@site/service-kit/editorial': what the services' documents share (docs/editorial.md): scheduled
// publishing with BullMQ delayed jobs (schedule/), the responsive variants of stored images made by
// a BullMQ job (variants/; docs/content.md, "Media library"), preview links (preview*.ts), the
// history's routes (history.ts) and old slugs' redirects (redirects.ts). The parts without BullMQ,
// sharp or mongoose at run time (the schedule's rules, previews, history) are in the kit's main entry too.
export * from './redirects.js'
export * from './schedule/index.js'
export * from './schedule/rules.js'
export * from './variants/index.js'
export * from './preview.js'
export * from './preview-routes.js'
export * from './history.js'
