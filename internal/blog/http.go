package blog

import (
	"io/fs"
	"net/http"
	"time"

	"hyrox/internal/httpx"
	"hyrox/internal/keyset"
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

// Routes are the blog rows of the route table (ARCHITECTURE.md#routes). The
// confirm and unsubscribe links are limited per client address in the
// handler: the limit guards the tokens, whoever is signed in.
func (h *HTTP) Routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "GET /api/blog/articles", Public: true, Endpoint: httpx.Read(h.list)},
		{Pattern: "GET /api/blog/articles/{id}", Public: true, NotFound: ErrArticleNotFound, Endpoint: httpx.Read(h.get)},
		{Pattern: "POST /api/newsletter", Limit: h.limiter, LimitFirst: true, Endpoint: httpx.Write(http.StatusOK, h.subscribe)},
		{Pattern: "POST /api/newsletter/confirm", Public: true, Endpoint: httpx.Write(http.StatusOK, h.confirm)},
		{Pattern: "POST /api/newsletter/unsubscribe", Public: true, Endpoint: httpx.Act(http.StatusOK, h.unsubscribe)},
	}
}

// Public are the routes outside /api/: the feed and the illustrations.
func (h *HTTP) Public() map[string]http.Handler {
	return map[string]http.Handler{
		"GET /blog/rss.xml": httpx.Handler(h.rss),
		"GET " + ImagePath:  http.StripPrefix(ImagePath, imageServer(Images())),
	}
}

func (h *HTTP) list(c *httpx.Call) (keyset.Page[Article], error) {
	limit, err := httpx.PageLimit(c.R, DefaultPageSize, MaxPageSize)
	if err != nil {
		return keyset.Page[Article]{}, err
	}
	return h.svc.List(c.Context(), c.Query("category"), c.Query("cursor"), limit)
}

func (h *HTTP) get(c *httpx.Call) (ArticleDetail, error) {
	return h.svc.Article(c.Context(), c.ID)
}

func (h *HTTP) subscribe(c *httpx.Call, in NewsletterInput) (NewsletterResult, error) {
	return h.svc.Subscribe(c.Context(), c.Me.UserID, in)
}

// tokenInput is the body of the confirm link's request.
type tokenInput struct {
	Token string `json:"token"`
}

// confirm ends the double opt-in: the token from the e-mailed link, no session
// needed (the link may be opened on another device).
func (h *HTTP) confirm(c *httpx.Call, in tokenInput) (NewsletterResult, error) {
	if err := h.tokenLimiter.Allow(ipKey(c.R)); err != nil {
		return NewsletterResult{}, err
	}
	return h.svc.Confirm(c.Context(), in.Token)
}

// unsubscribe is the one-click unsubscribe (RFC 8058): the token is in the
// address (?token=), the body ("List-Unsubscribe=One-Click" from a mail
// client, or nothing from the web page) is not needed; no session.
func (h *HTTP) unsubscribe(c *httpx.Call) (NewsletterResult, error) {
	if err := h.tokenLimiter.Allow(ipKey(c.R)); err != nil {
		return NewsletterResult{}, err
	}
	return h.svc.Unsubscribe(c.Context(), c.Query("token"))
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
