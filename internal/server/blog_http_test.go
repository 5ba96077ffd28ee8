package server_test

import (
	"context"
	"encoding/xml"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3filter"

	"hyrox/internal/server/servertest"
)

// The contract check decodes answers by media type; the feed and the
// illustrations are checked as opaque text.
func init() {
	openapi3filter.RegisterBodyDecoder("application/rss+xml", openapi3filter.FileBodyDecoder)
	openapi3filter.RegisterBodyDecoder("image/svg+xml", openapi3filter.FileBodyDecoder)
}

type blogArticle struct {
	ID          int64     `json:"id"`
	Title       string    `json:"title"`
	Category    string    `json:"category"`
	ImageURL    string    `json:"imageUrl"`
	PublishedAt time.Time `json:"publishedAt"`
	ReadingTime int       `json:"readingTime"`
	Author      string    `json:"author"`
	HTML        string    `json:"html"`
	PreviousID  *int64    `json:"previousId"`
	NextID      *int64    `json:"nextId"`
}

type blogPage struct {
	Items      []blogArticle `json:"items"`
	NextCursor string        `json:"nextCursor"`
}

func blogPageAll(t *testing.T, c *servertest.Client, category string) []blogArticle {
	t.Helper()
	var all []blogArticle
	cursor := ""
	for range 20 {
		q := url.Values{}
		if category != "" {
			q.Set("category", category)
		}
		if cursor != "" {
			q.Set("cursor", cursor)
		}
		var p blogPage
		c.Do("GET", "/api/blog/articles?"+q.Encode(), nil).Want(http.StatusOK).JSON(&p)
		if p.NextCursor != "" && len(p.Items) != 6 {
			t.Fatalf("a page before the last holds %d articles, want 6", len(p.Items))
		}
		all = append(all, p.Items...)
		if p.NextCursor == "" {
			return all
		}
		cursor = p.NextCursor
	}
	t.Fatal("the article list never ends")
	return nil
}

func TestBlogArticlesArePublicPagedAndFiltered(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		anon := e.Client()
		all := blogPageAll(t, anon, "")
		if len(all) < 12 {
			t.Fatalf("%d articles, want at least 12", len(all))
		}
		seen := map[int64]bool{}
		for i, a := range all {
			if seen[a.ID] {
				t.Fatalf("article %d appears twice", a.ID)
			}
			seen[a.ID] = true
			if i > 0 && a.PublishedAt.After(all[i-1].PublishedAt) {
				t.Fatalf("not newest first at %d", i)
			}
		}
		for _, cat := range []string{"Training", "recovery", "GEAR"} {
			items := blogPageAll(t, anon, cat)
			if len(items) != 4 {
				t.Errorf("%s: %d articles, want 4", cat, len(items))
			}
			for _, a := range items {
				if !strings.EqualFold(a.Category, cat) {
					t.Errorf("%s filter returned a %s article", cat, a.Category)
				}
			}
		}
		res := anon.Do("GET", "/api/blog/articles?category=Cooking", nil).Want(http.StatusBadRequest)
		if res.FieldError("category") == "" {
			t.Errorf("unknown category: %s", res.Body)
		}
		anon.Do("GET", "/api/blog/articles?cursor=bm9wZQ", nil).Want(http.StatusBadRequest)
		anon.Do("GET", "/api/blog/articles?limit=0", nil).Want(http.StatusBadRequest)
		var small blogPage
		anon.Do("GET", "/api/blog/articles?limit=2", nil).Want(http.StatusOK).JSON(&small)
		if len(small.Items) != 2 || small.NextCursor == "" {
			t.Errorf("limit=2: %d items, cursor %q", len(small.Items), small.NextCursor)
		}

		// One article: sanitized HTML, reading time, neighbours that chain.
		var mid blogArticle
		anon.Do("GET", "/api/blog/articles/"+strconv.FormatInt(all[5].ID, 10), nil).Want(http.StatusOK).JSON(&mid)
		if mid.HTML == "" || !strings.Contains(mid.HTML, "<h2") || strings.Contains(mid.HTML, "<script") || mid.ReadingTime < 1 || mid.Author == "" {
			t.Errorf("article: %+v", mid)
		}
		if mid.PreviousID == nil || *mid.PreviousID != all[6].ID || mid.NextID == nil || *mid.NextID != all[4].ID {
			t.Errorf("neighbours of %d: prev %v next %v", mid.ID, mid.PreviousID, mid.NextID)
		}
		anon.Do("GET", "/api/blog/articles/999999", nil).Want(http.StatusNotFound)
		anon.Do("GET", "/api/blog/articles/abc", nil).Want(http.StatusNotFound)

		// The image every article names is served from this server.
		img := anon.Do("GET", all[0].ImageURL, nil).Want(http.StatusOK)
		if !strings.HasPrefix(img.Header.Get("Content-Type"), "image/svg+xml") || !img.Contains("<svg") {
			t.Errorf("image %s: %s", all[0].ImageURL, img.Header.Get("Content-Type"))
		}
		anon.Do("GET", "/blog/images/missing.svg", nil).Want(http.StatusNotFound)
	})
}

func TestBlogNewsletterIsIdempotentValidatedAndRateLimited(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		count := func(email string) int {
			var n int
			if err := e.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM newsletter_subscribers WHERE email = ?`, email).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		total := func() int {
			var n int
			_ = e.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM newsletter_subscribers`).Scan(&n)
			return n
		}
		e.Client().Do("POST", "/api/newsletter", map[string]string{"email": "anon@example.com"}).Want(http.StatusUnauthorized)

		c, d := e.NewUser(), e.NewUser()
		var first, second struct {
			Email   string `json:"email"`
			Message string `json:"message"`
		}
		c.Do("POST", "/api/newsletter", map[string]string{"email": " Runner@Example.com"}).Want(http.StatusOK).JSON(&first)
		// Double opt-in: the link goes out by e-mail (here the log sender); no session needed to open it.
		token := lastLinkToken(t, e, "/newsletter/confirm?token=")
		e.Client().Do("POST", "/api/newsletter/confirm", map[string]string{"token": token}).Want(http.StatusOK)
		e.Client().Do("POST", "/api/newsletter/confirm", map[string]string{"token": token}).Want(http.StatusNotFound)
		c.Do("POST", "/api/newsletter", map[string]string{"email": "runner@example.com"}).Want(http.StatusOK).JSON(&second)
		if first != second || second.Email != "runner@example.com" { // the same answer: docs/security.md#no-enumeration
			t.Errorf("answers: %+v then %+v", first, second)
		}
		if n := count("runner@example.com"); n != 1 {
			t.Fatalf("%d rows after subscribing twice, want 1", n)
		}

		before := total()
		for _, body := range []any{map[string]string{"email": "not-an-email"}, map[string]string{"email": ""}, `{"email": 5}`, `nope`} {
			res := d.Do("POST", "/api/newsletter", body).Want(http.StatusBadRequest)
			if res.Message() == "" {
				t.Errorf("%v: no message", body)
			}
		}
		res := d.Do("POST", "/api/newsletter", map[string]string{"email": "not-an-email"}).Want(http.StatusBadRequest)
		if res.FieldError("email") != "Please enter a valid email address" {
			t.Errorf("email message %q", res.FieldError("email"))
		}
		if total() != before {
			t.Fatal("bad input changed the subscribers")
		}
		// The limiter allows 5 at once per user: d has used them.
		res = d.Do("POST", "/api/newsletter", map[string]string{"email": "late@example.com"})
		if count("late@example.com") != 0 {
			t.Error("a rate-limited sign-up was stored")
		}
		if res.Status != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" || res.Message() == "" {
			t.Errorf("after 7 sign-ups: status %d, %s", res.Status, res.Body)
		}
	})
}

// The RSS feed parsed with encoding/xml: RSS 2.0's required channel elements,
// every item's title, absolute link, guid and RFC 1123 pubDate.
func TestBlogRSSFeedIsValidRSS2(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		res, err := http.Get(e.Server.URL + "/blog/rss.xml")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/rss+xml") {
			t.Fatalf("status %d, type %q", res.StatusCode, res.Header.Get("Content-Type"))
		}
		if err := servertest.CheckContract("GET", "/blog/rss.xml", nil, res.StatusCode, res.Header, body); err != nil {
			t.Error(err)
		}
		var feed struct {
			XMLName xml.Name `xml:"rss"`
			Version string   `xml:"version,attr"`
			Channel struct {
				Title       string `xml:"title"`
				Description string `xml:"description"`
				// <link> and <atom:link rel="self"> share a local name.
				Links []struct {
					XMLName xml.Name
					Value   string `xml:",chardata"`
					Href    string `xml:"href,attr"`
					Rel     string `xml:"rel,attr"`
				} `xml:"link"`
				Items []struct {
					Title       string `xml:"title"`
					Link        string `xml:"link"`
					Description string `xml:"description"`
					PubDate     string `xml:"pubDate"`
					GUID        string `xml:"guid"`
					Creator     string `xml:"http://purl.org/dc/elements/1.1/ creator"`
				} `xml:"item"`
			} `xml:"channel"`
		}
		if err := xml.Unmarshal(body, &feed); err != nil {
			t.Fatalf("not XML: %v\n%s", err, body)
		}
		ch := feed.Channel
		var link, self string
		for _, l := range ch.Links {
			switch l.XMLName.Space {
			case "":
				link = l.Value
			case "http://www.w3.org/2005/Atom":
				if l.Rel == "self" {
					self = l.Href
				}
			}
		}
		if feed.Version != "2.0" || ch.Title == "" || ch.Description == "" || link != e.App.Config.PublicURL+"/blog" {
			t.Fatalf("channel: version %q title %q link %q", feed.Version, ch.Title, link)
		}
		if self != e.App.Config.PublicURL+"/blog/rss.xml" {
			t.Errorf("atom self link: %q", self)
		}
		if len(ch.Items) < 12 {
			t.Fatalf("%d items", len(ch.Items))
		}
		for _, it := range ch.Items {
			u, err := url.Parse(it.Link)
			if it.Title == "" || it.Description == "" || err != nil || !u.IsAbs() || !strings.HasPrefix(it.Link, e.App.Config.PublicURL+"/blog/") || it.GUID != it.Link || it.Creator == "" {
				t.Errorf("item: %+v", it)
			}
			if _, err := time.Parse(time.RFC1123Z, it.PubDate); err != nil {
				t.Errorf("pubDate %q: %v", it.PubDate, err)
			}
		}
	})
}

func TestBlogRSSUsesPublicURL(t *testing.T) {
	e := servertest.Start(t, "sqlite:"+t.TempDir()+"/rss.db", "PUBLIC_URL", "https://hyrox.example.com")
	res, err := http.Get(e.Server.URL + "/blog/rss.xml")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(body), "<link>https://hyrox.example.com/blog/") || strings.Contains(string(body), "localhost") {
		t.Errorf("links not on PUBLIC_URL:\n%s", body[:min(len(body), 800)])
	}
}

// lastLinkToken is the hex token after marker in the newest e-mail of the
// server's log (the log mail sender writes each body there).
func lastLinkToken(t *testing.T, e *servertest.Env, marker string) string {
	t.Helper()
	logs := e.Logs()
	i := strings.LastIndex(logs, marker)
	if i < 0 {
		t.Fatalf("no %q in the log", marker)
	}
	rest := logs[i+len(marker):]
	end := 0
	for end < len(rest) && strings.ContainsRune("0123456789abcdef", rune(rest[end])) {
		end++
	}
	return rest[:end]
}

// docs/product.md#blog: every newsletter e-mail unsubscribes in one click
// (RFC 8058): a POST to the List-Unsubscribe address, from a mail provider
// (a form body, no session, no Origin).
func TestNewsletterOneClickUnsubscribe(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		c.Do("POST", "/api/newsletter", map[string]string{"email": "oneclick@example.com"}).Want(http.StatusOK)
		e.Client().Do("POST", "/api/newsletter/confirm", map[string]string{"token": lastLinkToken(t, e, "/newsletter/confirm?token=")}).Want(http.StatusOK)
		var token string
		if err := e.App.DB.QueryRow(context.Background(), `SELECT unsubscribe_token FROM newsletter_subscribers WHERE email = 'oneclick@example.com'`).Scan(&token); err != nil {
			t.Fatal(err)
		}
		path := "/api/newsletter/unsubscribe?token=" + token
		req, _ := http.NewRequest("POST", e.Server.URL+path, strings.NewReader("List-Unsubscribe=One-Click"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("one-click: %d %s", res.StatusCode, body)
		}
		if err := servertest.CheckContract("POST", path, []byte("List-Unsubscribe=One-Click"), res.StatusCode, res.Header, body); err != nil {
			t.Error(err)
		}
		var n int
		_ = e.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM newsletter_subscribers WHERE email = 'oneclick@example.com'`).Scan(&n)
		if n != 0 {
			t.Fatal("still subscribed after the one-click unsubscribe")
		}
		// Again, or with a made-up token: the same answer (nothing to probe).
		e.Client().Do("POST", path, nil).Want(http.StatusOK)
		e.Client().Do("POST", "/api/newsletter/unsubscribe?token=made-up", nil).Want(http.StatusOK)
		e.Client().Do("POST", "/api/newsletter/confirm", map[string]string{"token": "made-up"}).Want(http.StatusNotFound)
		e.Client().Do("POST", "/api/newsletter/confirm", `{"token": 5}`).Want(http.StatusBadRequest)
	})
}
