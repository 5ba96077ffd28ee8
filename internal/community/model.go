// Package community owns the feed: posts, likes and comments
// (docs/product.md#community).
package community

import "time"

// Post is one community post as the feed shows it (id, username,
// content, createdAt, likes, comments). Likes and comments are counts;
// likedByMe says whether the reader liked it.
type Post struct {
	ID       int64  `json:"id"`
	UserID   int64  `json:"userId"`
	Username string `json:"username"`
	Content  string `json:"content"`
	// Channel is "public" or "elite" (docs/coaching.md#the-elite-channel).
	Channel   string    `json:"channel"`
	CreatedAt time.Time `json:"createdAt"`
	Likes     int       `json:"likes"`
	Comments  int       `json:"comments"`
	LikedByMe bool      `json:"likedByMe"`
}

// Comment is one reply under a post.
type Comment struct {
	ID        int64     `json:"id"`
	PostID    int64     `json:"postId"`
	UserID    int64     `json:"userId"`
	Username  string    `json:"username"`
	Content   string    `json:"content"`
	CreatedAt time.Time `json:"createdAt"`
}

// Like is one user's like of a post (for the data export).
type Like struct {
	PostID    int64     `json:"postId"`
	CreatedAt time.Time `json:"createdAt"`
}

// PostInput is the body of POST /api/community/posts.
type PostInput struct {
	Content string `json:"content"`
	// Channel is "public" (the default) or "elite".
	Channel string `json:"channel,omitempty"`
}

// Channels of the community (docs/coaching.md#the-elite-channel).
const (
	ChannelPublic = "public"
	ChannelElite  = "elite"
)

// CommentInput is the body of POST /api/community/posts/{id}/comments.
type CommentInput struct {
	Content string `json:"content"`
}

// Export is everything of one user's in this area.
type Export struct {
	Posts    []Post    `json:"posts"`
	Comments []Comment `json:"comments"`
	Likes    []Like    `json:"likes"`
}

// Limits (docs/product.md#community).
const (
	MaxPostChars    = 2000
	MaxCommentChars = 1000
	DefaultPageSize = 20
	MaxPageSize     = 100
)

// Author is who writes a post or comment: the session's user. The username is
// copied onto the row at write time, so reading the feed never touches the
// users table (another area's); RenameAuthor keeps old rows in step when an
// account changes its name.
type Author struct {
	UserID   int64
	Username string
	// EliteMember is true for elite members and coaches: they read and
	// write the Elite channel.
	EliteMember bool
}
