// The search index's tables (store.ts) and its ranking query (search.ts works out the words).

export const SCHEMA = `
PRAGMA journal_mode = OFF;
PRAGMA synchronous = OFF;
PRAGMA cache_size = -8000;
CREATE TABLE items (key TEXT PRIMARY KEY, source TEXT NOT NULL, ref TEXT NOT NULL, rank INTEGER NOT NULL,
  digest TEXT NOT NULL, kind TEXT NOT NULL, date TEXT, meta TEXT NOT NULL, mark INTEGER NOT NULL);
CREATE INDEX items_ref ON items (source, ref);
CREATE INDEX items_kind_date ON items (kind, date);
CREATE TABLE links (url TEXT NOT NULL, lang TEXT NOT NULL, key TEXT NOT NULL, rank INTEGER NOT NULL);
CREATE INDEX links_url ON links (url, lang, rank);
CREATE INDEX links_key ON links (key);
CREATE TABLE passages (id INTEGER PRIMARY KEY, key TEXT NOT NULL, lang TEXT NOT NULL, title TEXT NOT NULL,
  text TEXT NOT NULL, tags TEXT NOT NULL, len0 INTEGER NOT NULL, len1 INTEGER NOT NULL, len2 INTEGER NOT NULL);
CREATE INDEX passages_key ON passages (key, lang);
CREATE TABLE vocab (term TEXT PRIMARY KEY, len INTEGER NOT NULL, df0 INTEGER NOT NULL, df1 INTEGER NOT NULL,
  df2 INTEGER NOT NULL) WITHOUT ROWID;
CREATE INDEX vocab_len ON vocab (len);
CREATE TABLE totals (id INTEGER PRIMARY KEY, docs INTEGER NOT NULL, len0 INTEGER NOT NULL, len1 INTEGER NOT NULL,
  len2 INTEGER NOT NULL);
INSERT INTO totals VALUES (1, 0, 0, 0, 0);
CREATE VIRTUAL TABLE terms USING fts5 (title, text, tags, content = '', contentless_delete = 1,
  tokenize = "unicode61 remove_diacritics 0 categories 'L* N* Co M* S*'");
CREATE VIRTUAL TABLE occurrences USING fts5vocab (terms, 'instance');
INSERT INTO terms (terms, rank) VALUES ('rank', 'bm25(2.0, 1.0, 1.5)');
`

/**
 * BM25+ (k 1.2, b 0.7, d 0.5) of every passage holding a wanted word, summed per passage and times
 * the number of the question's terms it matched. ?1: the wanted words as JSON rows [word, field,
 * question term, weight x boost x idf, the field's average length]; ?2: how many passages.
 */
export const RANKED = `
WITH q (term, col, src, factor, avg) AS
  (SELECT value->>0, value->>1, value->>2, value->>3, value->>4 FROM json_each(?1)),
h AS (SELECT doc, col, term, count(*) AS tf FROM occurrences
  WHERE term IN (SELECT DISTINCT term FROM q) GROUP BY doc, col, term)
SELECT p.*,
  sum(q.factor * (0.5 + h.tf * 2.2 / (h.tf + 1.2 * (0.3 + 0.7 *
    (CASE h.col WHEN 'title' THEN p.len0 WHEN 'text' THEN p.len1 ELSE p.len2 END) / q.avg))))
    * count(DISTINCT q.src) AS score
FROM h JOIN q ON q.term = h.term AND q.col = h.col JOIN passages p ON p.id = h.doc
GROUP BY h.doc ORDER BY score DESC, h.doc LIMIT ?2`
