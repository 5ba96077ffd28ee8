// Package servertest starts the whole app in-process for HTTP tests and checks
// every response against api/openapi.yaml.
package servertest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"

	"hyrox/api"
	"hyrox/internal/config"
	"hyrox/internal/db/dbtest"
	"hyrox/internal/server"
)

// Env is a running app with a test server in front of it.
type Env struct {
	T      testing.TB
	App    *server.App
	Server *httptest.Server
	Clock  *Clock
	logs   *syncBuffer
}

// syncBuffer collects the app's log for Logs.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// Logs is everything the app logged so far (text format).
func (e *Env) Logs() string {
	e.logs.mu.Lock()
	defer e.logs.mu.Unlock()
	return e.logs.buf.String()
}

// ClockStart is where every test app's clock starts.
var ClockStart = time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)

// Clock is a settable clock for tests; it starts at ClockStart.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *Clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

// Advance moves the clock forward.
func (c *Clock) Advance(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }

// Set moves the clock to t.
func (c *Clock) Set(t time.Time) { c.mu.Lock(); c.now = t; c.mu.Unlock() }

// Each runs fn on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
func Each(t *testing.T, fn func(t *testing.T, e *Env)) {
	t.Helper()
	EachDatabase(t, func(t *testing.T, dbURL string) { fn(t, Start(t, dbURL)) })
}

// EachDatabase runs fn with a new SQLite database's URL, and a new
// PostgreSQL schema's when TEST_DATABASE_URL is set: for tests that start
// instances of their own on it (a restart, a second instance).
func EachDatabase(t *testing.T, fn func(t *testing.T, dbURL string)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, dbtest.SQLiteURL(t)) })
	t.Run("postgres", func(t *testing.T) { fn(t, dbtest.PostgresURL(t)) })
}

// New starts the app on SQLite.
func New(t testing.TB) *Env { return Start(t, dbtest.SQLiteURL(t)) }

// Start starts the app on the given database with test settings; env
// overrides any setting (see config.Settings).
func Start(t testing.TB, databaseURL string, env ...string) *Env {
	t.Helper()
	vars := map[string]string{"APP_ENV": "test", "DATABASE_URL": databaseURL}
	for i := 0; i+1 < len(env); i += 2 {
		vars[env[i]] = env[i+1]
	}
	if _, set := vars["PAYMENT_PROVIDER"]; !set && vars["APP_ENV"] != "production" { // production refuses the sandbox
		vars["PAYMENT_PROVIDER"] = "sandbox"
	}
	cfg, err := config.Load(func(k string) string { return vars[k] })
	if err != nil {
		t.Fatal(err)
	}
	clock := &Clock{now: ClockStart}
	logs := &syncBuffer{}
	logger := slog.New(slog.NewTextHandler(logs, nil))
	app, err := server.OpenWithClock(context.Background(), cfg, logger, clock.Now)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(app.Handler())
	t.Cleanup(func() { srv.Close(); app.Close() })
	if vars["SMTP_HOST"] != "" { // e-mails leave through the job queue's outbox
		if err := app.StartJobsUnscheduled(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	return &Env{T: t, App: app, Server: srv, Clock: clock, logs: logs}
}

var (
	specOnce   sync.Once
	specRouter routers.Router
	specErr    error
)

func contract() (routers.Router, error) {
	specOnce.Do(func() {
		loader := openapi3.NewLoader()
		doc, err := loader.LoadFromData(api.OpenAPI)
		if err != nil {
			specErr = fmt.Errorf("load openapi.yaml: %w", err)
			return
		}
		if err := doc.Validate(context.Background()); err != nil {
			specErr = fmt.Errorf("openapi.yaml is not valid: %w", err)
			return
		}
		specRouter, specErr = legacy.NewRouter(doc)
	})
	return specRouter, specErr
}

// Client is one browser: its own cookie jar.
type Client struct {
	env  *Env
	http *http.Client
	// User is set by Register and Login.
	User User
}

// User is the part of the user JSON tests need.
type User struct {
	ID               int64  `json:"id"`
	Username         string `json:"username"`
	Email            string `json:"email"`
	SubscriptionTier string `json:"subscriptionTier"`
	Units            string `json:"units"`
}

// Client returns a new anonymous client.
func (e *Env) Client() *Client {
	jar, _ := cookiejar.New(nil)
	return &Client{env: e, http: &http.Client{Jar: jar}}
}

var userSeq atomic.Int64

// NewUser registers a fresh user and returns a client signed in as them.
func (e *Env) NewUser() *Client {
	e.T.Helper()
	c := e.Client()
	n := userSeq.Add(1)
	name := fmt.Sprintf("athlete%d_%d", n, time.Now().UnixNano()%100000)
	res := c.Do("POST", "/api/register", map[string]string{"username": name, "email": name + "@example.com", "password": "secret123"})
	res.Want(http.StatusCreated)
	res.JSON(&c.User)
	return c
}

// NewUserWithTier registers a user and gives them tier directly in the database.
func (e *Env) NewUserWithTier(tier string) *Client {
	e.T.Helper()
	c := e.NewUser()
	if _, err := e.App.DB.Exec(context.Background(), `UPDATE users SET subscription_tier = ? WHERE id = ?`, tier, c.User.ID); err != nil {
		e.T.Fatal(err)
	}
	c.User.SubscriptionTier = tier
	return c
}

// Cookie is the value of the cookie name the client would send to /api/login
// ("" when it has none): the session and the known-device cookie.
func (c *Client) Cookie(name string) string {
	u, _ := url.Parse(c.env.Server.URL + "/api/login")
	for _, ck := range c.http.Jar.Cookies(u) {
		if ck.Name == name {
			return ck.Value
		}
	}
	return ""
}

// SetCookie gives the client a cookie for the whole site.
func (c *Client) SetCookie(name, value string) {
	u, _ := url.Parse(c.env.Server.URL)
	c.http.Jar.SetCookies(u, []*http.Cookie{{Name: name, Value: value, Path: "/"}})
}

// Response is an answer that already passed the contract check.
type Response struct {
	t      testing.TB
	Status int
	Header http.Header
	Body   []byte
	label  string
}

// Do sends a request (body marshalled as JSON unless it is a string or nil)
// and checks the answer against api/openapi.yaml.
func (c *Client) Do(method, path string, body any) *Response {
	c.env.T.Helper()
	return c.DoHeader(method, path, body, nil)
}

// DoHeader is Do with extra request headers (an Idempotency-Key).
func (c *Client) DoHeader(method, path string, body any, header http.Header) *Response {
	t := c.env.T
	t.Helper()
	var raw []byte
	var stream *Stream
	contentType := "application/json"
	switch b := body.(type) {
	case nil:
	case Stream:
		stream, contentType = &b, b.ContentType
	case Multipart:
		raw, contentType = b.encode()
	case string:
		raw = []byte(b)
	case []byte:
		raw = b
	default:
		var err error
		if raw, err = json.Marshal(b); err != nil {
			t.Fatal(err)
		}
	}
	req, err := http.NewRequest(method, c.env.Server.URL+path, bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if stream != nil {
		req.Body, req.ContentLength = io.NopCloser(stream.Body), stream.Length
	}
	if body != nil {
		req.Header.Set("Content-Type", contentType)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	res, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	r := &Response{t: t, Status: res.StatusCode, Header: res.Header, Body: out, label: method + " " + path}
	if contentType != "application/json" {
		raw = nil // the contract check reads JSON request bodies only
	}
	if err := CheckContract(method, path, raw, res.StatusCode, res.Header, out); err != nil {
		t.Errorf("%s answered %d, which breaks api/openapi.yaml: %v\nbody: %s", r.label, res.StatusCode, err, truncate(out))
	}
	return r
}

// CheckContract validates one request/response pair against the contract.
func CheckContract(method, path string, reqBody []byte, status int, header http.Header, body []byte) error {
	router, err := contract()
	if err != nil {
		return err
	}
	u, _ := url.Parse(path)
	req, _ := http.NewRequest(method, u.String(), bytes.NewReader(reqBody))
	if len(reqBody) > 0 {
		req.Header.Set("Content-Type", "application/json")
	}
	route, params, err := router.FindRoute(req)
	if err != nil {
		return fmt.Errorf("the route is not described: %w", err)
	}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}}
	resIn := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: status, Header: header,
		Options: &openapi3filter.Options{IncludeResponseStatus: true}}
	resIn.SetBodyBytes(body)
	return openapi3filter.ValidateResponse(context.Background(), resIn)
}

func truncate(b []byte) string {
	s := string(b)
	if len(s) > 600 {
		s = s[:600] + "..."
	}
	return s
}

// Want fails the test unless the status is one of want.
func (r *Response) Want(want ...int) *Response {
	r.t.Helper()
	for _, w := range want {
		if r.Status == w {
			return r
		}
	}
	r.t.Fatalf("%s: status %d, want %v; body: %s", r.label, r.Status, want, truncate(r.Body))
	return r
}

// JSON decodes the body into v.
func (r *Response) JSON(v any) {
	r.t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		r.t.Fatalf("%s: decode %s: %v", r.label, truncate(r.Body), err)
	}
}

// Message is the error message of an error answer.
func (r *Response) Message() string {
	var e struct {
		Message string `json:"message"`
	}
	_ = json.Unmarshal(r.Body, &e)
	return e.Message
}

// FieldError is the message for one field of a 400 answer.
func (r *Response) FieldError(field string) string {
	var e struct {
		Errors map[string]string `json:"errors"`
	}
	_ = json.Unmarshal(r.Body, &e)
	return e.Errors[field]
}

// Contains reports whether the body contains s.
func (r *Response) Contains(s string) bool { return strings.Contains(string(r.Body), s) }

// SameSessionOn is another browser holding c's cookies now (a copy: a
// logout by c does not clear them), talking to e: another instance of the
// app on the same database, or the same one.
func (c *Client) SameSessionOn(e *Env) *Client {
	e.T.Helper()
	u, err := url.Parse(e.Server.URL)
	if err != nil {
		e.T.Fatal(err)
	}
	jar, _ := cookiejar.New(nil)
	jar.SetCookies(u, c.http.Jar.Cookies(u))
	return &Client{env: e, http: &http.Client{Jar: jar}, User: c.User}
}
