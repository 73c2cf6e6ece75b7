export const PAGE_NOT_FOUND = 'Page not found'
export const SLUG_TAKEN = 'A page with this slug already exists'
