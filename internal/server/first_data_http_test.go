package server_test

import (
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"hyrox/internal/server/servertest"
	"hyrox/web"
)

var firstDataElement = regexp.MustCompile(`<script type="application/json" id="first-data">(.*?)</script>`)

// openPage loads path as the browser of c does (its session and hint, and the
// time zone the app keeps in hyrox_tz when zone is set) and returns the HTML
// and the first data it came with (nil when none).
func openPage(t *testing.T, e *servertest.Env, c *servertest.Client, path, zone string) (string, map[string]json.RawMessage) {
	t.Helper()
	req, _ := http.NewRequest("GET", e.Server.URL+path, nil)
	if c != nil {
		for _, name := range []string{"hyrox_session", "hyrox_signed_in"} {
			req.AddCookie(&http.Cookie{Name: name, Value: c.Cookie(name)})
		}
	}
	if zone != "" {
		req.AddCookie(&http.Cookie{Name: "hyrox_tz", Value: url.QueryEscape(zone)})
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		t.Fatalf("GET %s: %d", path, res.StatusCode)
	}
	if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("GET %s: Cache-Control %q, want no-store", path, cc)
	}
	m := firstDataElement.FindSubmatch(body)
	if m == nil {
		return string(body), nil
	}
	var data map[string]json.RawMessage
	if err := json.Unmarshal(m[1], &data); err != nil {
		t.Fatalf("GET %s: first data is not JSON: %v\n%.400s", path, err, m[1])
	}
	return string(body), data
}

// sameJSON reports whether two JSON texts hold the same value.
func sameJSON(a, b []byte) bool {
	var x, y any
	return json.Unmarshal(a, &x) == nil && json.Unmarshal(b, &y) == nil && reflect.DeepEqual(x, y)
}

// docs/product.md#first-data-with-the-html: a signed-in page comes with the
// answers of its first reads, the same the API gives the athlete, for the
// browser's own day; HTML-safe; nobody else's, nothing a gate refuses.
func TestSignedInPageComesWithItsFirstData(t *testing.T) {
	if _, err := fs.Stat(web.Dist, "dist/index.html"); err != nil {
		t.Skip("the web app is not built (make build)")
	}
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		athlete := e.NewUser()
		hostile := `</script><script>alert(1)</script> & <b>`
		athlete.Do("POST", "/api/community/posts", map[string]string{"content": hostile}).Want(201)

		zone := "Europe/Berlin"
		html, data := openPage(t, e, athlete, "/", zone)
		if data == nil {
			t.Fatalf("signed-in / has no first data:\n%.600s", html)
		}
		berlin, _ := time.LoadLocation(zone)
		now := time.Now().In(berlin)
		_, offset := now.Zone()
		home := "/api/home?today=" + now.Format(time.DateOnly) + "&tzOffset=" + strconv.Itoa(offset/60)
		for _, read := range []string{"/api/user", "/api/config", "/api/subscription-status", home,
			"/api/community/posts?limit=20", "/api/leaderboard?limit=3&period=week"} {
			got, ok := data[read]
			if !ok {
				t.Errorf("/ first data lacks %s (has %v)", read, keys(data))
				continue
			}
			direct := athlete.Do("GET", read, nil).Want(200)
			if read != home && !sameJSON(got, direct.Body) { // home holds the time of day: compared below by field
				t.Errorf("%s in the page:\n%s\nfrom the API:\n%s", read, got, direct.Body)
			}
		}
		var me struct{ Username string }
		_ = json.Unmarshal(data["/api/user"], &me)
		if me.Username != athlete.User.Username {
			t.Errorf("the page's athlete is %q, want %q", me.Username, athlete.User.Username)
		}
		if strings.Contains(html, "</script><script>alert(1)") || !strings.Contains(string(data["/api/community/posts?limit=20"]), "alert(1)") {
			t.Errorf("the post's text must be in the first data, escaped:\n%.2000s", html)
		}
		if _, ok := data["liveLastEventId"]; !ok {
			t.Error("the first data does not say where the live stream resumes")
		}

		// Another athlete's page holds their own data only.
		other := e.NewUser()
		_, theirs := openPage(t, e, other, "/", zone)
		_ = json.Unmarshal(theirs["/api/user"], &me)
		if me.Username != other.User.Username {
			t.Errorf("the other athlete's page shows %q", me.Username)
		}

		// A locked read (analytics is Pro) is left to the browser, which gets its 403.
		_, locked := openPage(t, e, athlete, "/analytics", zone)
		if _, ok := locked["/api/analytics"]; ok || locked["/api/user"] == nil {
			t.Errorf("a free athlete's /analytics: first data %v, want the athlete without analytics", keys(locked))
		}
		pro := e.NewUserWithTier("pro")
		if _, data := openPage(t, e, pro, "/analytics", zone); data["/api/analytics"] == nil {
			t.Errorf("a Pro athlete's /analytics lacks its analytics: %v", keys(data))
		}

		// Without a known zone the day's reads stay the browser's; the others come.
		for _, bad := range []string{"", "Not/AZone"} {
			_, data := openPage(t, e, athlete, "/", bad)
			for read := range data {
				if strings.HasPrefix(read, "/api/home") {
					t.Errorf("zone %q: the day's read %s was answered", bad, read)
				}
			}
			if data["/api/user"] == nil {
				t.Errorf("zone %q: no athlete in the first data", bad)
			}
		}

		// A visitor, a page with a query and a page without reads get none.
		if _, data := openPage(t, e, nil, "/calendar", zone); data != nil {
			t.Errorf("a visitor's page has first data: %v", keys(data))
		}
		if _, data := openPage(t, e, athlete, "/?from=mail", zone); data != nil {
			t.Errorf("a page with a query has first data: %v", keys(data))
		}
		if _, data := openPage(t, e, athlete, "/community", zone); data != nil {
			t.Errorf("a page without listed reads has first data: %v", keys(data))
		}
	})
}

func keys(m map[string]json.RawMessage) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
