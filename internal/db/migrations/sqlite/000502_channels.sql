-- +goose Up
-- Channels (docs/coaching.md#the-elite-channel): 'public' is the feed every
-- member reads; 'elite' is read and written only by elite members and coaches.
ALTER TABLE community_posts ADD COLUMN channel TEXT NOT NULL DEFAULT 'public';
CREATE INDEX community_posts_channel_feed ON community_posts(channel, created_at, id);

-- +goose Down
DROP INDEX community_posts_channel_feed;
ALTER TABLE community_posts DROP COLUMN channel;
