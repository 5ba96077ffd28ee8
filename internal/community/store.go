package community

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
	"hyrox/internal/keyset"
)

// Store is the community area's SQL. Counts live in counter columns that the
// database's triggers keep in the same transaction as each like and comment
// (see migration 000501), so every list is one indexed query.
type Store struct {
	db *db.DB
}

// NewStore returns the community store on d.
func NewStore(d *db.DB) *Store { return &Store{db: d} }

// postColumns are read by scanPost; the last one is likedByMe for viewer ?.
const postColumns = `p.id, p.user_id, p.username, p.content, p.channel, p.created_at, p.like_count, p.comment_count,
	EXISTS (SELECT 1 FROM community_likes l WHERE l.post_id = p.id AND l.user_id = ?)`

func scanPost(row db.Scanner) (Post, error) {
	var p Post
	err := row.Scan(&p.ID, &p.UserID, &p.Username, &p.Content, &p.Channel, &p.CreatedAt, &p.Likes, &p.Comments, &p.LikedByMe)
	p.CreatedAt = p.CreatedAt.UTC()
	return p, err
}

func scanComment(row db.Scanner) (Comment, error) {
	var c Comment
	err := row.Scan(&c.ID, &c.PostID, &c.UserID, &c.Username, &c.Content, &c.CreatedAt)
	c.CreatedAt = c.CreatedAt.UTC()
	return c, err
}

// CreatePost inserts p and returns it with its id.
func (s *Store) CreatePost(ctx context.Context, p Post) (Post, error) {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if p.Channel == "" {
			p.Channel = ChannelPublic
		}
		return tx.QueryRow(ctx, `INSERT INTO community_posts (user_id, username, content, channel, created_at)
			VALUES (?, ?, ?, ?, ?) RETURNING id`, p.UserID, p.Username, p.Content, p.Channel, p.CreatedAt).Scan(&p.ID)
	})
	return p, err
}

// Post returns one post as viewer sees it.
func (s *Store) Post(ctx context.Context, id, viewer int64) (Post, error) {
	p, err := scanPost(s.db.QueryRow(ctx, `SELECT `+postColumns+` FROM community_posts p WHERE p.id = ?`, viewer, id))
	return p, apperr.NotFoundIfNoRows(err, errPostNotFound)
}

// Posts returns up to limit posts of the public channel, newest first,
// after the cursor (nil: from the newest).
func (s *Store) Posts(ctx context.Context, viewer int64, after *keyset.Cursor, limit int) ([]Post, error) {
	return s.ChannelPosts(ctx, viewer, ChannelPublic, after, limit)
}

// ChannelPosts returns up to limit posts of one channel, newest first,
// after the cursor (nil: from the newest). It walks the
// community_posts_channel_feed index backwards.
func (s *Store) ChannelPosts(ctx context.Context, viewer int64, channel string, after *keyset.Cursor, limit int) ([]Post, error) {
	page, args := feedOrder.After(after)
	rows, err := s.db.Query(ctx, `SELECT `+postColumns+` FROM community_posts p WHERE p.channel = ?`+page+feedOrder.By()+` LIMIT ?`,
		append(append([]any{viewer, channel}, args...), limit)...)
	return db.Collect(rows, err, scanPost)
}

// PostChannel is the channel of post id ("" when it does not exist).
func (s *Store) PostChannel(ctx context.Context, id int64) (string, error) {
	var ch string
	err := s.db.QueryRow(ctx, `SELECT channel FROM community_posts WHERE id = ?`, id).Scan(&ch)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return ch, err
}

// DeletePost deletes post id when userID wrote it; its likes and comments go
// with it. It reports whether a row was deleted.
func (s *Store) DeletePost(ctx context.Context, id, userID int64) (bool, error) {
	res, err := s.db.Exec(ctx, `DELETE FROM community_posts WHERE id = ? AND user_id = ?`, id, userID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// PostExists reports whether post id exists.
func (s *Store) PostExists(ctx context.Context, id int64) (bool, error) {
	var one int
	err := s.db.QueryRow(ctx, `SELECT 1 FROM community_posts WHERE id = ?`, id).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// Like records userID's like of postID once; liking again changes nothing.
// It reports false when the post does not exist.
func (s *Store) Like(ctx context.Context, postID, userID int64, at time.Time) (bool, error) {
	found := false
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var one int
		err := tx.QueryRow(ctx, `SELECT 1 FROM community_posts WHERE id = ?`, postID).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		found = true
		_, err = tx.Exec(ctx, `INSERT INTO community_likes (post_id, user_id, created_at) VALUES (?, ?, ?)
			ON CONFLICT (post_id, user_id) DO NOTHING`, postID, userID, at)
		return err
	})
	if db.IsForeignKeyViolation(err) {
		return false, nil
	}
	return found, err
}

// Unlike removes userID's like of postID, if any.
func (s *Store) Unlike(ctx context.Context, postID, userID int64) error {
	_, err := s.db.Exec(ctx, `DELETE FROM community_likes WHERE post_id = ? AND user_id = ?`, postID, userID)
	return err
}

// CreateComment inserts c under its post; it reports false (and inserts
// nothing) when the post does not exist.
func (s *Store) CreateComment(ctx context.Context, c Comment) (Comment, bool, error) {
	found := false
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var one int
		err := tx.QueryRow(ctx, `SELECT 1 FROM community_posts WHERE id = ?`, c.PostID).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		found = true
		return tx.QueryRow(ctx, `INSERT INTO community_comments (post_id, user_id, username, content, created_at)
			VALUES (?, ?, ?, ?, ?) RETURNING id`, c.PostID, c.UserID, c.Username, c.Content, c.CreatedAt).Scan(&c.ID)
	})
	if db.IsForeignKeyViolation(err) {
		return c, false, nil
	}
	return c, found && err == nil, err
}

// feedOrder walks the community_posts_channel_feed index backwards;
// commentOrder is a post's comments, oldest first.
var (
	feedOrder    = keyset.Order{At: "p.created_at", ID: "p.id", Desc: true}
	commentOrder = keyset.Order{At: "c.created_at", ID: "c.id"}
)

const commentColumns = `c.id, c.post_id, c.user_id, c.username, c.content, c.created_at`

// Comments returns up to limit comments of a post, oldest first, after the cursor.
func (s *Store) Comments(ctx context.Context, postID int64, after *keyset.Cursor, limit int) ([]Comment, error) {
	page, args := commentOrder.After(after)
	rows, err := s.db.Query(ctx, `SELECT `+commentColumns+` FROM community_comments c WHERE c.post_id = ?`+page+commentOrder.By()+` LIMIT ?`,
		append(append([]any{postID}, args...), limit)...)
	return db.Collect(rows, err, scanComment)
}

// Comment returns one comment.
func (s *Store) Comment(ctx context.Context, id int64) (Comment, error) {
	return scanComment(s.db.QueryRow(ctx, `SELECT `+commentColumns+` FROM community_comments c WHERE c.id = ?`, id))
}

// DeleteComment deletes comment id when userID wrote it; it reports whether
// a row was deleted.
func (s *Store) DeleteComment(ctx context.Context, id, userID int64) (bool, error) {
	res, err := s.db.Exec(ctx, `DELETE FROM community_comments WHERE id = ? AND user_id = ?`, id, userID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// CommentExists reports whether comment id exists.
func (s *Store) CommentExists(ctx context.Context, id int64) (bool, error) {
	var one int
	err := s.db.QueryRow(ctx, `SELECT 1 FROM community_comments WHERE id = ?`, id).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// PostsByUser returns every post userID wrote, newest first (export).
func (s *Store) PostsByUser(ctx context.Context, userID int64) ([]Post, error) {
	rows, err := s.db.Query(ctx, `SELECT `+postColumns+` FROM community_posts p
		WHERE p.user_id = ? ORDER BY p.created_at DESC, p.id DESC`, userID, userID)
	return db.Collect(rows, err, scanPost)
}

// CommentsByUser returns every comment userID wrote, oldest first (export).
func (s *Store) CommentsByUser(ctx context.Context, userID int64) ([]Comment, error) {
	rows, err := s.db.Query(ctx, `SELECT `+commentColumns+` FROM community_comments c
		WHERE c.user_id = ? ORDER BY c.created_at, c.id`, userID)
	return db.Collect(rows, err, scanComment)
}

// LikesByUser returns every like userID gave (export).
func (s *Store) LikesByUser(ctx context.Context, userID int64) ([]Like, error) {
	rows, err := s.db.Query(ctx, `SELECT post_id, created_at FROM community_likes
		WHERE user_id = ? ORDER BY created_at, post_id`, userID)
	return db.Collect(rows, err, func(r db.Scanner) (Like, error) {
		var l Like
		err := r.Scan(&l.PostID, &l.CreatedAt)
		l.CreatedAt = l.CreatedAt.UTC()
		return l, err
	})
}

// RenameAuthor updates the username copied onto userID's posts and comments.
func (s *Store) RenameAuthor(ctx context.Context, userID int64, username string) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE community_posts SET username = ? WHERE user_id = ?`, username, userID); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE community_comments SET username = ? WHERE user_id = ?`, username, userID)
		return err
	})
}
