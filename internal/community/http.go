package community

import (
	"net/http"
	"strconv"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/httpx"
	"hyrox/internal/keyset"
	"hyrox/internal/tier"
)

// Limits are the per-user rate limits on writing. Reading needs a session
// (docs/product.md#gates puts /community behind sign-in) but is not limited.
type Limits struct {
	Posts, Comments, Likes *httpx.RateLimiter
}

// DefaultLimits allow a burst of 10 posts then one every 30 s, 30 comments
// then one every 5 s, and 120 likes then 4 a second, per user.
func DefaultLimits() Limits {
	return Limits{
		Posts:    httpx.NewRateLimiter(30*time.Second, 10, "You are posting very fast. Please wait a moment before posting again."),
		Comments: httpx.NewRateLimiter(5*time.Second, 30, "You are commenting very fast. Please wait a moment before commenting again."),
		Likes:    httpx.NewRateLimiter(250*time.Millisecond, 120, "Too many likes at once. Please wait a moment."),
	}
}

// HTTP serves /api/community.
type HTTP struct {
	svc    *Service
	limits Limits
}

// NewHTTP returns the community handlers with the given rate limits.
func NewHTTP(svc *Service, limits Limits) *HTTP { return &HTTP{svc: svc, limits: limits} }

// Routes are the community rows of the route table (ARCHITECTURE.md#routes).
// The post, comment and like limits are spent in the handlers, after the
// checks that must come first: bad input or a post the caller cannot see
// spends no rate-limit token.
func (h *HTTP) Routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "GET /api/community/posts", Endpoint: httpx.Read(h.listPosts)},
		{Pattern: "POST /api/community/posts", Endpoint: httpx.Write(http.StatusCreated, h.createPost)},
		{Pattern: "GET /api/community/posts/{id}", NotFound: errPostNotFound, Endpoint: httpx.Read(h.getPost)},
		{Pattern: "DELETE /api/community/posts/{id}", NotFound: errPostNotFound, Endpoint: httpx.Do(h.deletePost)},
		{Pattern: "POST /api/community/posts/{id}/like", NotFound: errPostNotFound, Endpoint: httpx.Act(http.StatusOK, h.like)},
		{Pattern: "DELETE /api/community/posts/{id}/like", NotFound: errPostNotFound, Endpoint: httpx.Act(http.StatusOK, h.unlike)},
		{Pattern: "GET /api/community/posts/{id}/comments", NotFound: errPostNotFound, Endpoint: httpx.Read(h.listComments)},
		{Pattern: "POST /api/community/posts/{id}/comments", NotFound: errPostNotFound, Endpoint: httpx.Write(http.StatusCreated, h.createComment)},
		{Pattern: "DELETE /api/community/comments/{id}", NotFound: errCommentNotFound, Endpoint: httpx.Do(h.deleteComment)},
	}
}

func userKey(id httpx.Identity) string { return "user:" + strconv.FormatInt(id.UserID, 10) }

// author is the session's user; elite members and coaches belong to the
// Elite channel (docs/coaching.md#the-elite-channel).
func author(id httpx.Identity) Author {
	return Author{UserID: id.UserID, Username: id.Username,
		EliteMember: httpx.TierRank(id.Tier) >= httpx.TierRank(tier.Elite) || id.IsCoach()}
}

func (h *HTTP) listPosts(c *httpx.Call) (keyset.Page[Post], error) {
	limit, err := httpx.PageLimit(c.R, DefaultPageSize, MaxPageSize)
	if err != nil {
		return keyset.Page[Post]{}, err
	}
	channel := c.Query("channel")
	switch channel {
	case "", ChannelPublic:
		channel = ChannelPublic
	case ChannelElite:
		if err := CheckChannel(channel, author(c.Me)); err != nil {
			return keyset.Page[Post]{}, err
		}
	default:
		return keyset.Page[Post]{}, apperr.Invalid(map[string]string{"channel": "The channel must be public or elite."})
	}
	return h.svc.ChannelPosts(c.Context(), c.Me.UserID, channel, c.Query("cursor"), limit)
}

func (h *HTTP) createPost(c *httpx.Call, in PostInput) (Post, error) {
	if _, err := ValidatePost(in); err != nil {
		return Post{}, err // bad input spends no rate-limit token
	}
	if err := CheckChannel(in.Channel, author(c.Me)); err != nil {
		return Post{}, err
	}
	if err := h.limits.Posts.Allow(userKey(c.Me)); err != nil {
		return Post{}, err
	}
	return h.svc.CreatePost(c.Context(), author(c.Me), in)
}

func (h *HTTP) getPost(c *httpx.Call) (Post, error) {
	if err := h.svc.CanSee(c.Context(), c.ID, author(c.Me)); err != nil {
		return Post{}, err
	}
	return h.svc.Post(c.Context(), c.ID, c.Me.UserID)
}

func (h *HTTP) deletePost(c *httpx.Call) error {
	return h.svc.DeletePost(c.Context(), c.ID, c.Me.UserID)
}

func (h *HTTP) like(c *httpx.Call) (Post, error)   { return h.setLike(c, true) }
func (h *HTTP) unlike(c *httpx.Call) (Post, error) { return h.setLike(c, false) }

// setLike spends a like token only on a post the caller can see.
func (h *HTTP) setLike(c *httpx.Call, on bool) (Post, error) {
	if err := h.svc.CanSee(c.Context(), c.ID, author(c.Me)); err != nil {
		return Post{}, err
	}
	if err := h.limits.Likes.Allow(userKey(c.Me)); err != nil {
		return Post{}, err
	}
	if on {
		return h.svc.Like(c.Context(), c.ID, c.Me.UserID)
	}
	return h.svc.Unlike(c.Context(), c.ID, c.Me.UserID)
}

func (h *HTTP) listComments(c *httpx.Call) (keyset.Page[Comment], error) {
	if err := h.svc.CanSee(c.Context(), c.ID, author(c.Me)); err != nil {
		return keyset.Page[Comment]{}, err
	}
	limit, err := httpx.PageLimit(c.R, DefaultPageSize, MaxPageSize)
	if err != nil {
		return keyset.Page[Comment]{}, err
	}
	return h.svc.Comments(c.Context(), c.ID, c.Query("cursor"), limit)
}

func (h *HTTP) createComment(c *httpx.Call, in CommentInput) (Comment, error) {
	if err := h.svc.CanSee(c.Context(), c.ID, author(c.Me)); err != nil {
		return Comment{}, err
	}
	if _, err := ValidateComment(in); err != nil {
		return Comment{}, err // bad input spends no rate-limit token
	}
	if err := h.limits.Comments.Allow(userKey(c.Me)); err != nil {
		return Comment{}, err
	}
	return h.svc.CreateComment(c.Context(), author(c.Me), c.ID, in)
}

func (h *HTTP) deleteComment(c *httpx.Call) error {
	return h.svc.DeleteComment(c.Context(), c.ID, c.Me.UserID)
}
