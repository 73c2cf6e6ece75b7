/**
 * Packs pieces of text, in order, into chunks of at most `max` characters joined by newlines
 * (a piece longer than `max` is a chunk of its own): what a model or a search index takes at once.
 */
export function packChunks(pieces: Iterable<string>, max: number): string[] {
  const chunks: string[] = []
  let current = ''
  for (const piece of pieces) {
    if (current && current.length + piece.length + 1 > max) {
      chunks.push(current)
      current = ''
    }
    current = current ? `${current}\n${piece}` : piece
  }
  if (current) chunks.push(current)
  return chunks
}
