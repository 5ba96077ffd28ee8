-- +goose Up
-- Articles are product content shipped in the binary (internal/blog/content)
-- and upserted by slug; the table exists so the list is an indexed, paginated query.
CREATE TABLE articles (
    id           INTEGER PRIMARY KEY,
    slug         TEXT NOT NULL UNIQUE,
    title        TEXT NOT NULL,
    excerpt      TEXT NOT NULL,
    category     TEXT NOT NULL,
    author       TEXT NOT NULL,
    image_url    TEXT NOT NULL,
    body         TEXT NOT NULL, -- Markdown
    word_count   INTEGER NOT NULL,
    published_at TIMESTAMP NOT NULL
);
-- GET /api/blog/articles: newest first, keyset on (published_at, id).
CREATE INDEX articles_published ON articles(published_at DESC, id DESC);
-- The same list filtered by category.
CREATE INDEX articles_category_published ON articles(category, published_at DESC, id DESC);

-- One row per address: subscribing twice keeps one row. The subscriber is the
-- signed-in user who entered it, so deleting the account removes the address.
CREATE TABLE newsletter_subscribers (
    id         INTEGER PRIMARY KEY,
    email      TEXT NOT NULL UNIQUE, -- stored lower-case
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX newsletter_subscribers_user_id ON newsletter_subscribers(user_id);

-- +goose Down
DROP TABLE newsletter_subscribers;
DROP TABLE articles;
