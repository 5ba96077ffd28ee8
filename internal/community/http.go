package community

import (
	"net/http"
	"strconv"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/httpx"
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

// Register adds the community routes to mux.
func (h *HTTP) Register(mux *http.ServeMux) {
	mux.Handle("GET /api/community/posts", httpx.Handler(h.listPosts))
	mux.Handle("POST /api/community/posts", httpx.Handler(h.createPost))
	mux.Handle("GET /api/community/posts/{id}", httpx.Handler(h.getPost))
	mux.Handle("DELETE /api/community/posts/{id}", httpx.Handler(h.deletePost))
	mux.Handle("POST /api/community/posts/{id}/like", httpx.Handler(h.like))
	mux.Handle("DELETE /api/community/posts/{id}/like", httpx.Handler(h.unlike))
	mux.Handle("GET /api/community/posts/{id}/comments", httpx.Handler(h.listComments))
	mux.Handle("POST /api/community/posts/{id}/comments", httpx.Handler(h.createComment))
	mux.Handle("DELETE /api/community/comments/{id}", httpx.Handler(h.deleteComment))
}

func userKey(id httpx.Identity) string { return "user:" + strconv.FormatInt(id.UserID, 10) }

// author is the session's user; elite members and coaches belong to the
// Elite channel (docs/coaching.md#the-elite-channel).
func author(id httpx.Identity) Author {
	return Author{UserID: id.UserID, Username: id.Username,
		EliteMember: httpx.TierRank(id.Tier) >= httpx.TierRank(tier.Elite) || id.IsCoach()}
}

func (h *HTTP) listPosts(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	limit, err := httpx.PageLimit(r, DefaultPageSize, MaxPageSize)
	if err != nil {
		return err
	}
	channel := r.URL.Query().Get("channel")
	switch channel {
	case "", ChannelPublic:
		channel = ChannelPublic
	case ChannelElite:
		if err := CheckChannel(channel, author(id)); err != nil {
			return err
		}
	default:
		return apperr.Invalid(map[string]string{"channel": "The channel must be public or elite."})
	}
	page, err := h.svc.ChannelPosts(r.Context(), id.UserID, channel, r.URL.Query().Get("cursor"), limit)
	return httpx.Reply(w, http.StatusOK, page, err)
}

func (h *HTTP) createPost(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	var in PostInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if _, err := ValidatePost(in); err != nil {
		return err // bad input spends no rate-limit token
	}
	if err := CheckChannel(in.Channel, author(id)); err != nil {
		return err
	}
	if err := h.limits.Posts.Allow(userKey(id)); err != nil {
		return err
	}
	p, err := h.svc.CreatePost(r.Context(), author(id), in)
	return httpx.Reply(w, http.StatusCreated, p, err)
}

func (h *HTTP) getPost(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	postID, err := httpx.PathID(r, "id")
	if err != nil {
		return errPostNotFound
	}
	if err := h.svc.CanSee(r.Context(), postID, author(id)); err != nil {
		return err
	}
	p, err := h.svc.Post(r.Context(), postID, id.UserID)
	return httpx.Reply(w, http.StatusOK, p, err)
}

func (h *HTTP) deletePost(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	postID, err := httpx.PathID(r, "id")
	if err != nil {
		return errPostNotFound
	}
	if err := h.svc.DeletePost(r.Context(), postID, id.UserID); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *HTTP) like(w http.ResponseWriter, r *http.Request) error   { return h.setLike(w, r, true) }
func (h *HTTP) unlike(w http.ResponseWriter, r *http.Request) error { return h.setLike(w, r, false) }

func (h *HTTP) setLike(w http.ResponseWriter, r *http.Request, on bool) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	postID, err := httpx.PathID(r, "id")
	if err != nil {
		return errPostNotFound
	}
	if err := h.svc.CanSee(r.Context(), postID, author(id)); err != nil {
		return err
	}
	if err := h.limits.Likes.Allow(userKey(id)); err != nil {
		return err
	}
	var p Post
	if on {
		p, err = h.svc.Like(r.Context(), postID, id.UserID)
	} else {
		p, err = h.svc.Unlike(r.Context(), postID, id.UserID)
	}
	return httpx.Reply(w, http.StatusOK, p, err)
}

func (h *HTTP) listComments(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	postID, err := httpx.PathID(r, "id")
	if err != nil {
		return errPostNotFound
	}
	if err := h.svc.CanSee(r.Context(), postID, author(id)); err != nil {
		return err
	}
	limit, err := httpx.PageLimit(r, DefaultPageSize, MaxPageSize)
	if err != nil {
		return err
	}
	page, err := h.svc.Comments(r.Context(), postID, r.URL.Query().Get("cursor"), limit)
	return httpx.Reply(w, http.StatusOK, page, err)
}

func (h *HTTP) createComment(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	postID, err := httpx.PathID(r, "id")
	if err != nil {
		return errPostNotFound
	}
	var in CommentInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := h.svc.CanSee(r.Context(), postID, author(id)); err != nil {
		return err
	}
	if _, err := ValidateComment(in); err != nil {
		return err
	}
	if err := h.limits.Comments.Allow(userKey(id)); err != nil {
		return err
	}
	c, err := h.svc.CreateComment(r.Context(), author(id), postID, in)
	return httpx.Reply(w, http.StatusCreated, c, err)
}

func (h *HTTP) deleteComment(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	commentID, err := httpx.PathID(r, "id")
	if err != nil {
		return errCommentNotFound
	}
	if err := h.svc.DeleteComment(r.Context(), commentID, id.UserID); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
