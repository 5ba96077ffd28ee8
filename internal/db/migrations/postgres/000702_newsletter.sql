-- +goose Up
-- The newsletter sends (docs/product.md#blog): double opt-in and one-click unsubscribe.
-- A subscriber gets articles only once confirmed_at is set. Rows from before this
-- migration never confirmed, so they stay unconfirmed until the address subscribes again.
ALTER TABLE newsletter_subscribers ADD COLUMN confirmed_at TIMESTAMPTZ;
-- SHA-256 of the confirmation token (the e-mailed link holds the token); NULL once used.
ALTER TABLE newsletter_subscribers ADD COLUMN confirm_token_hash TEXT;
ALTER TABLE newsletter_subscribers ADD COLUMN confirm_sent_at TIMESTAMPTZ;
-- The token of the unsubscribe link in every e-mail. It can only remove this
-- address, so it is kept as is (each newsletter e-mail must carry it).
ALTER TABLE newsletter_subscribers ADD COLUMN unsubscribe_token TEXT;
CREATE UNIQUE INDEX newsletter_subscribers_confirm ON newsletter_subscribers(confirm_token_hash);
CREATE UNIQUE INDEX newsletter_subscribers_unsubscribe ON newsletter_subscribers(unsubscribe_token);

-- An article announced to the subscribers (claimed by the one instance that sends it).
CREATE TABLE newsletter_issues (
    article_id BIGINT PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL
);
-- Every article that exists now counts as announced: only articles added later are sent.
INSERT INTO newsletter_issues (article_id, created_at) SELECT id, CURRENT_TIMESTAMP FROM articles;

-- One e-mail of an issue to one subscriber (sent at most once).
CREATE TABLE newsletter_deliveries (
    article_id    BIGINT NOT NULL REFERENCES newsletter_issues(article_id) ON DELETE CASCADE,
    subscriber_id BIGINT NOT NULL REFERENCES newsletter_subscribers(id) ON DELETE CASCADE,
    sent_at       TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (article_id, subscriber_id)
);
CREATE INDEX newsletter_deliveries_subscriber ON newsletter_deliveries(subscriber_id);

-- +goose Down
DROP TABLE newsletter_deliveries;
DROP TABLE newsletter_issues;
DROP INDEX newsletter_subscribers_unsubscribe;
DROP INDEX newsletter_subscribers_confirm;
ALTER TABLE newsletter_subscribers DROP COLUMN unsubscribe_token;
ALTER TABLE newsletter_subscribers DROP COLUMN confirm_sent_at;
ALTER TABLE newsletter_subscribers DROP COLUMN confirm_token_hash;
ALTER TABLE newsletter_subscribers DROP COLUMN confirmed_at;
