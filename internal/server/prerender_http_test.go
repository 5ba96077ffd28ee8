package server_test

import (
	"io"
	"io/fs"
	"net/http"
	"strings"
	"testing"

	"hyrox/internal/server/servertest"
	"hyrox/web"
)

// docs/product.md#prerendered-pages, on the real build (make build): an
// anonymous visitor to / gets the landing page's HTML (the hero is in it), a
// signed-in one the signed-in shell, which the browser renders over.
func TestLandingPagePrerenderedForVisitorsOnly(t *testing.T) {
	if _, err := fs.Stat(web.Dist, "dist/index.html"); err != nil {
		t.Skip("the web app is not built (make build)")
	}
	if _, err := fs.Stat(web.Dist, "dist/prerendered/index.html"); err != nil {
		t.Fatal("web/dist has no prerendered/index.html: npm run build prerenders the landing page")
	}
	e := servertest.New(t)
	get := func(path string, c *servertest.Client) (string, *http.Response) {
		req, _ := http.NewRequest("GET", e.Server.URL+path, nil)
		if c != nil {
			for _, name := range []string{"hyrox_session", "hyrox_signed_in"} {
				req.AddCookie(&http.Cookie{Name: name, Value: c.Cookie(name)})
			}
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return string(body), res
	}

	html, res := get("/", nil)
	if res.StatusCode != 200 || !strings.Contains(html, "Train smarter.") || strings.Contains(html, `<div id="root"></div>`) {
		t.Fatalf("anonymous /: %d, want the prerendered landing page with its hero:\n%.600s", res.StatusCode, html)
	}
	if res.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("prerendered HTML is not cached: %q", res.Header.Get("Cache-Control"))
	}
	// Its one inline script (the theme) is allowed by the policy, by hash.
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self' 'sha256-") {
		t.Errorf("CSP does not allow the theme script by hash: %q", csp)
	}
	if html, _ := get("/pricing", nil); !strings.Contains(html, "Pricing Plans") || !strings.Contains(html, "<title>Pricing | HYROX Training Hub</title>") {
		t.Errorf("anonymous /pricing is prerendered with its title:\n%.600s", html)
	}

	// A signed-in athlete gets the signed-in shell (docs/product.md#the-signed-in-shell):
	// the chrome painted in #root, marked for the browser to render over, with no
	// visitor's Login in it; on every page, with first data or without.
	user := e.NewUser()
	for _, path := range []string{"/", "/calendar", "/community", "/pricing"} {
		html, res = get(path, user)
		if res.StatusCode != 200 || strings.Contains(html, "Train smarter.") || !strings.Contains(html, `<div id="root" data-app-shell="">`) ||
			!strings.Contains(html, `aria-label="Main"`) || strings.Contains(html, ">Login<") || !strings.Contains(html, "Loading...") {
			t.Fatalf("signed-in %s: %d, want the signed-in shell (the browser renders the page over it):\n%.600s", path, res.StatusCode, html)
		}
		if res.Header.Get("Vary") != "Cookie" {
			t.Errorf("signed-in %s: Vary %q, want Cookie (a visitor gets another answer)", path, res.Header.Get("Vary"))
		}
	}
	// /auth is prerendered with its form's controls disabled until the script owns them.
	if html, _ := get("/auth", nil); !strings.Contains(html, "Welcome back") || !strings.Contains(html, `<fieldset disabled=""`) {
		t.Errorf("anonymous /auth is prerendered with its form disabled:\n%.600s", html)
	}
	// A page never prerendered is the shell for everyone, and so is a prerendered
	// one asked for with a query string it was not rendered with.
	for _, path := range []string{"/training", "/auth?tab=signup", "/auth?next=%2Fprofile"} {
		if html, _ := get(path, nil); !strings.Contains(html, `<div id="root"></div>`) {
			t.Errorf("%s is the app shell:\n%.600s", path, html)
		}
	}
}

// Search engines get a robots.txt (not the app shell, which they read as an
// invalid one): the pages may be crawled, the API not.
func TestRobotsTxtIsServed(t *testing.T) {
	if _, err := fs.Stat(web.Dist, "dist/robots.txt"); err != nil {
		t.Skip("the web app is not built (make build)")
	}
	e := servertest.New(t)
	res, err := http.Get(e.Server.URL + "/robots.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") ||
		!strings.Contains(string(body), "User-agent: *") || !strings.Contains(string(body), "Disallow: /api/") {
		t.Fatalf("/robots.txt: %d %s\n%.300s", res.StatusCode, res.Header.Get("Content-Type"), body)
	}
}
