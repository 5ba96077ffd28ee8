package community

import (
	"context"
	"strconv"
	"time"
	"unicode/utf8"

	"hyrox/internal/apperr"
	"hyrox/internal/keyset"
	"hyrox/internal/plaintext"
)

// Service holds the community rules: who may change what, and what a post
// or comment may contain.
type Service struct {
	store *Store
	now   func() time.Time
}

// NewService returns the community service; now is the app's clock.
func NewService(store *Store, now func() time.Time) *Service {
	return &Service{store: store, now: now}
}

var (
	errPostNotFound    = apperr.Errorf(apperr.CodeNotFound, "This post does not exist or was deleted.")
	errCommentNotFound = apperr.Errorf(apperr.CodeNotFound, "This comment does not exist or was deleted.")
	errNotYourPost     = apperr.Errorf(apperr.CodeForbidden, "You can only delete your own posts.")
	errNotYourComment  = apperr.Errorf(apperr.CodeForbidden, "You can only delete your own comments.")
	errEliteOnly       = apperr.Errorf(apperr.CodeForbidden, "The Elite channel is for elite members and coaches.")
)

// stamp is the clock's time in UTC at microsecond precision, which both
// databases store exactly, so cursors built from it round-trip.
func (s *Service) stamp() time.Time { return s.now().UTC().Truncate(time.Microsecond) }

// checkText validates a post or comment body and returns it cleaned.
func checkText(raw, what string, max int) (string, error) {
	var v apperr.Validator
	v.Check(utf8.ValidString(raw), "content", "The "+what+" contains characters that are not valid text.")
	text := plaintext.Clean(raw)
	n := utf8.RuneCountInString(text)
	v.Check(plaintext.HasVisible(text), "content", "Write something before you "+what+".")
	v.Check(n <= max, "content", "A "+what+" can be at most "+strconv.Itoa(max)+" characters (this one has "+strconv.Itoa(n)+").")
	return text, v.Err()
}

// ValidatePost checks a new post's input and returns its cleaned content.
func ValidatePost(in PostInput) (string, error) {
	text, err := checkText(in.Content, "post", MaxPostChars)
	if in.Channel != "" && in.Channel != ChannelPublic && in.Channel != ChannelElite {
		var v apperr.Validator
		if e, ok := err.(*apperr.Error); ok {
			for f, m := range e.Fields {
				v.Check(false, f, m)
			}
		}
		v.Check(false, "channel", "The channel must be public or elite.")
		return text, v.Err()
	}
	return text, err
}

// ValidateComment checks a new comment's input and returns its cleaned content.
func ValidateComment(in CommentInput) (string, error) {
	return checkText(in.Content, "comment", MaxCommentChars)
}

// CreatePost publishes a post by author in the channel of in (public by
// default; the Elite channel takes only elite members' and coaches' posts).
func (s *Service) CreatePost(ctx context.Context, author Author, in PostInput) (Post, error) {
	content, err := ValidatePost(in)
	if err != nil {
		return Post{}, err
	}
	if in.Channel == ChannelElite && !author.EliteMember {
		return Post{}, errEliteOnly
	}
	return s.store.CreatePost(ctx, Post{UserID: author.UserID, Username: author.Username, Content: content,
		Channel: channelOf(in.Channel), CreatedAt: s.stamp()})
}

func channelOf(ch string) string {
	if ch == "" {
		return ChannelPublic
	}
	return ch
}

// CheckChannel answers 403 when reader may not read or write channel
// (ChannelPublic or ChannelElite; the caller validated it).
func CheckChannel(channel string, reader Author) error {
	if channel == ChannelElite && !reader.EliteMember {
		return errEliteOnly
	}
	return nil
}

// CanSee answers errPostNotFound when post id is in a channel reader may
// not read: an Elite post does not exist for anyone else.
func (s *Service) CanSee(ctx context.Context, id int64, reader Author) error {
	ch, err := s.store.PostChannel(ctx, id)
	if err != nil {
		return err
	}
	if ch == ChannelElite && !reader.EliteMember {
		return errPostNotFound
	}
	return nil
}

// ChannelPosts returns one page of a channel, newest first (the caller
// checked the reader may read it).
func (s *Service) ChannelPosts(ctx context.Context, viewer int64, channel, cur string, limit int) (keyset.Page[Post], error) {
	after, err := keyset.Parse(cur)
	if err != nil {
		return keyset.Page[Post]{}, err
	}
	items, err := s.store.ChannelPosts(ctx, viewer, channel, after, limit+1)
	if err != nil {
		return keyset.Page[Post]{}, err
	}
	return keyset.Trim(items, limit, func(x Post) keyset.Cursor { return keyset.Cursor{At: x.CreatedAt, ID: x.ID} }), nil
}

// Post returns one post as viewer sees it.
func (s *Service) Post(ctx context.Context, id, viewer int64) (Post, error) {
	return s.store.Post(ctx, id, viewer)
}

// Posts returns one page of the feed, newest first.
func (s *Service) Posts(ctx context.Context, viewer int64, cur string, limit int) (keyset.Page[Post], error) {
	after, err := keyset.Parse(cur)
	if err != nil {
		return keyset.Page[Post]{}, err
	}
	items, err := s.store.Posts(ctx, viewer, after, limit+1)
	if err != nil {
		return keyset.Page[Post]{}, err
	}
	return keyset.Trim(items, limit, func(x Post) keyset.Cursor { return keyset.Cursor{At: x.CreatedAt, ID: x.ID} }), nil
}

// DeletePost deletes the author's own post: 404 when it is gone, 403 when
// it is someone else's.
func (s *Service) DeletePost(ctx context.Context, id, userID int64) error {
	ok, err := s.store.DeletePost(ctx, id, userID)
	if err != nil || ok {
		return err
	}
	exists, err := s.store.PostExists(ctx, id)
	if err != nil {
		return err
	}
	if exists {
		return errNotYourPost
	}
	return errPostNotFound
}

// Like likes a post for userID (idempotent) and returns the post.
func (s *Service) Like(ctx context.Context, postID, userID int64) (Post, error) {
	found, err := s.store.Like(ctx, postID, userID, s.stamp())
	if err != nil {
		return Post{}, err
	}
	if !found {
		return Post{}, errPostNotFound
	}
	return s.Post(ctx, postID, userID)
}

// Unlike removes userID's like (idempotent) and returns the post.
func (s *Service) Unlike(ctx context.Context, postID, userID int64) (Post, error) {
	if err := s.store.Unlike(ctx, postID, userID); err != nil {
		return Post{}, err
	}
	return s.Post(ctx, postID, userID)
}

// CreateComment adds author's comment under a post.
func (s *Service) CreateComment(ctx context.Context, author Author, postID int64, in CommentInput) (Comment, error) {
	content, err := ValidateComment(in)
	if err != nil {
		return Comment{}, err
	}
	c, found, err := s.store.CreateComment(ctx, Comment{PostID: postID, UserID: author.UserID,
		Username: author.Username, Content: content, CreatedAt: s.stamp()})
	if err != nil {
		return Comment{}, err
	}
	if !found {
		return Comment{}, errPostNotFound
	}
	return c, nil
}

// Comments returns one page of a post's comments, oldest first.
func (s *Service) Comments(ctx context.Context, postID int64, cur string, limit int) (keyset.Page[Comment], error) {
	after, err := keyset.Parse(cur)
	if err != nil {
		return keyset.Page[Comment]{}, err
	}
	if after == nil {
		exists, err := s.store.PostExists(ctx, postID)
		if err != nil {
			return keyset.Page[Comment]{}, err
		}
		if !exists {
			return keyset.Page[Comment]{}, errPostNotFound
		}
	}
	items, err := s.store.Comments(ctx, postID, after, limit+1)
	if err != nil {
		return keyset.Page[Comment]{}, err
	}
	return keyset.Trim(items, limit, func(x Comment) keyset.Cursor { return keyset.Cursor{At: x.CreatedAt, ID: x.ID} }), nil
}

// DeleteComment deletes the author's own comment: 404 when it is gone, 403
// when it is someone else's.
func (s *Service) DeleteComment(ctx context.Context, id, userID int64) error {
	ok, err := s.store.DeleteComment(ctx, id, userID)
	if err != nil || ok {
		return err
	}
	exists, err := s.store.CommentExists(ctx, id)
	if err != nil {
		return err
	}
	if exists {
		return errNotYourComment
	}
	return errCommentNotFound
}

// RenameAuthor updates the username shown on userID's posts and comments;
// the accounts area calls it when a user changes their username.
func (s *Service) RenameAuthor(ctx context.Context, userID int64, username string) error {
	return s.store.RenameAuthor(ctx, userID, username)
}

// ExportUserData returns the user's posts, comments and likes.
func (s *Service) ExportUserData(ctx context.Context, userID int64) (any, error) {
	posts, err := s.store.PostsByUser(ctx, userID)
	if err != nil {
		return nil, err
	}
	comments, err := s.store.CommentsByUser(ctx, userID)
	if err != nil {
		return nil, err
	}
	likes, err := s.store.LikesByUser(ctx, userID)
	if err != nil {
		return nil, err
	}
	return Export{Posts: posts, Comments: comments, Likes: likes}, nil
}
