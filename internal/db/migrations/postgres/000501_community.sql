-- +goose Up
-- Community: posts, likes, comments. The author's username is copied onto each
-- post and comment at write time (the community area never reads the users
-- table). like_count and comment_count are counter columns kept by triggers, so
-- they change in the same transaction as the like or comment (the row lock on
-- the post serialises concurrent likes), stay right when an account deletion
-- cascades away its likes and comments, and the feed is one indexed query.
CREATE TABLE community_posts (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id       BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    username      TEXT NOT NULL,
    content       TEXT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL,
    like_count    INTEGER NOT NULL DEFAULT 0,
    comment_count INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX community_posts_feed ON community_posts(created_at, id);
CREATE INDEX community_posts_user ON community_posts(user_id, created_at, id);

CREATE TABLE community_likes (
    post_id    BIGINT NOT NULL REFERENCES community_posts(id) ON DELETE CASCADE,
    user_id    BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (post_id, user_id)
);
CREATE INDEX community_likes_user ON community_likes(user_id);

CREATE TABLE community_comments (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    post_id    BIGINT NOT NULL REFERENCES community_posts(id) ON DELETE CASCADE,
    user_id    BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    username   TEXT NOT NULL,
    content    TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX community_comments_post ON community_comments(post_id, created_at, id);
CREATE INDEX community_comments_user ON community_comments(user_id);

-- +goose StatementBegin
CREATE FUNCTION community_count_likes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE community_posts SET like_count = like_count + 1 WHERE id = NEW.post_id;
    ELSE
        UPDATE community_posts SET like_count = like_count - 1 WHERE id = OLD.post_id;
    END IF;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE FUNCTION community_count_comments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE community_posts SET comment_count = comment_count + 1 WHERE id = NEW.post_id;
    ELSE
        UPDATE community_posts SET comment_count = comment_count - 1 WHERE id = OLD.post_id;
    END IF;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER community_likes_count AFTER INSERT OR DELETE ON community_likes
    FOR EACH ROW EXECUTE FUNCTION community_count_likes();
CREATE TRIGGER community_comments_count AFTER INSERT OR DELETE ON community_comments
    FOR EACH ROW EXECUTE FUNCTION community_count_comments();

-- +goose Down
DROP TABLE community_comments;
DROP TABLE community_likes;
DROP TABLE community_posts;
DROP FUNCTION community_count_comments();
DROP FUNCTION community_count_likes();
