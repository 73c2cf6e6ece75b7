// The per-language translation model (issue 47) every kind of translated document shares.
export * from './model.js'
export * from './writes.js'
export * from './board.js'
export * from './source-changes.js'
