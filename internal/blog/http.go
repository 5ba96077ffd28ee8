package blog

import (
	"io/fs"
	"net/http"
	"strconv"
	"time"

	"hyrox/internal/httpx"
)

// HTTP serves the article API, the newsletter, the RSS feed and the images.
//
// Who may call what: the article list and article pages are public, like the
// RSS feed that already publishes the same titles and links: feed readers and
// shared links need them, and the /blog pages stay behind sign-in in the web
// app (docs/product.md#gates). The newsletter needs a session: the box lives on the
// signed-in blog page, and the address belongs to that account (deleted and
// exported with it).
type HTTP struct {
	svc          *Service
	publicURL    string
	limiter      *httpx.RateLimiter
	tokenLimiter *httpx.RateLimiter // confirm and unsubscribe links, per address (no guessing)
}

func NewHTTP(svc *Service, publicURL string) *HTTP {
	return &HTTP{svc: svc, publicURL: publicURL,
		limiter:      httpx.NewRateLimiter(time.Minute, 5, "Too many newsletter sign-ups. Please wait a minute and try again."),
		tokenLimiter: httpx.NewRateLimiter(time.Minute, 30, "Too many attempts. Please wait a minute and try again.")}
}

// Register adds the API routes to mux.
func (h *HTTP) Register(mux *http.ServeMux) {
	mux.Handle("GET /api/blog/articles", httpx.Handler(h.list))
	mux.Handle("GET /api/blog/articles/{id}", httpx.Handler(h.get))
	mux.Handle("POST /api/newsletter", httpx.Handler(h.subscribe))
	mux.Handle("POST /api/newsletter/confirm", httpx.Handler(h.confirm))
	mux.Handle("POST /api/newsletter/unsubscribe", httpx.Handler(h.unsubscribe))
}

// Public are the routes outside /api/: the feed and the illustrations.
func (h *HTTP) Public() map[string]http.Handler {
	return map[string]http.Handler{
		"GET /blog/rss.xml": httpx.Handler(h.rss),
		"GET " + ImagePath:  http.StripPrefix(ImagePath, imageServer(Images())),
	}
}

func (h *HTTP) list(w http.ResponseWriter, r *http.Request) error {
	limit, err := httpx.PageLimit(r, DefaultPageSize, MaxPageSize)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	page, err := h.svc.List(r.Context(), q.Get("category"), q.Get("cursor"), limit)
	return httpx.Reply(w, http.StatusOK, page, err)
}

func (h *HTTP) get(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return ErrArticleNotFound
	}
	a, err := h.svc.Article(r.Context(), id)
	return httpx.Reply(w, http.StatusOK, a, err)
}

func (h *HTTP) subscribe(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	if err := h.limiter.Allow("user:" + strconv.FormatInt(id.UserID, 10)); err != nil {
		return err
	}
	var in NewsletterInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	res, err := h.svc.Subscribe(r.Context(), id.UserID, in)
	return httpx.Reply(w, http.StatusOK, res, err)
}

// confirm ends the double opt-in: the token from the e-mailed link, no session
// needed (the link may be opened on another device).
func (h *HTTP) confirm(w http.ResponseWriter, r *http.Request) error {
	if err := h.tokenLimiter.Allow(ipKey(r)); err != nil {
		return err
	}
	var in struct {
		Token string `json:"token"`
	}
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	res, err := h.svc.Confirm(r.Context(), in.Token)
	return httpx.Reply(w, http.StatusOK, res, err)
}

// unsubscribe is the one-click unsubscribe (RFC 8058): the token is in the
// address (?token=), the body ("List-Unsubscribe=One-Click" from a mail
// client, or nothing from the web page) is not needed; no session.
func (h *HTTP) unsubscribe(w http.ResponseWriter, r *http.Request) error {
	if err := h.tokenLimiter.Allow(ipKey(r)); err != nil {
		return err
	}
	res, err := h.svc.Unsubscribe(r.Context(), r.URL.Query().Get("token"))
	return httpx.Reply(w, http.StatusOK, res, err)
}

func ipKey(r *http.Request) string { return httpx.ClientKey(r) }

// imageServer serves the embedded SVGs with a strict policy of their own: an
// SVG opened directly is a document, so it may run nothing.
func imageServer(images fs.FS) http.Handler {
	files := http.FileServerFS(images)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
		w.Header().Set("Cache-Control", "public, max-age=86400")
		if r.URL.Path == "" || r.URL.Path[len(r.URL.Path)-1] == '/' {
			http.NotFound(w, r)
			return
		}
		files.ServeHTTP(w, r)
	})
}
