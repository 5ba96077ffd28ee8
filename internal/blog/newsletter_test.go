package blog

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
	"hyrox/internal/mail"
)

// fakeSender keeps what would have been sent; fail makes the next sends fail.
type fakeSender struct {
	mu   sync.Mutex
	sent []mail.Message
	fail bool
}

func (f *fakeSender) Send(_ context.Context, m mail.Message) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fail {
		return errors.New("smtp down")
	}
	f.sent = append(f.sent, m)
	return nil
}

func (f *fakeSender) take() []mail.Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := f.sent
	f.sent = nil
	return out
}

// token is the token after marker in the last message sent.
func (f *fakeSender) token(t *testing.T, marker string) string {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.sent) == 0 {
		t.Fatal("no e-mail sent")
	}
	body := f.sent[len(f.sent)-1].Body
	i := strings.Index(body, marker)
	if i < 0 {
		t.Fatalf("no %q in %q", marker, body)
	}
	rest := body[i+len(marker):]
	return rest[:strings.IndexAny(rest+"\n", "\n ")]
}

func header(m mail.Message, name string) string {
	for _, h := range m.Headers {
		if h.Name == name {
			return h.Value
		}
	}
	return ""
}

type newsletterEnv struct {
	d      *db.DB
	svc    *Service
	store  *Store
	outbox *fakeSender
	now    time.Time
}

func newNewsletterEnv(t *testing.T, d *db.DB) *newsletterEnv {
	e := &newsletterEnv{d: d, outbox: &fakeSender{}, now: time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)}
	e.store = NewStore(d)
	e.svc = NewService(e.store, func() time.Time { return e.now })
	e.svc.UseMail(e.outbox, "https://hyrox.example", slog.Default())
	if err := Seed(context.Background(), d, nil); err != nil {
		t.Fatal(err)
	}
	return e
}

// subscribe runs the double opt-in for email and returns its unsubscribe token.
func (e *newsletterEnv) subscribe(t *testing.T, user, email string) {
	t.Helper()
	ctx := context.Background()
	uid := dbtest.NewUser(t, e.d, user, "basic")
	if _, err := e.svc.Subscribe(ctx, uid, NewsletterInput{Email: email}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Confirm(ctx, e.outbox.token(t, "/newsletter/confirm?token=")); err != nil {
		t.Fatal(err)
	}
	e.outbox.take()
}

func (e *newsletterEnv) publish(t *testing.T, slug, title string, at time.Time) int64 {
	t.Helper()
	ctx := context.Background()
	a := Article{Title: title, Excerpt: "Excerpt of " + title, Category: "Training", Author: "Coach", ImageURL: "/blog/images/x.svg",
		PublishedAt: at, slug: slug, body: "Body", wordCount: 1}
	if err := e.store.UpsertArticles(ctx, []Article{a}); err != nil {
		t.Fatal(err)
	}
	var id int64
	if err := e.d.QueryRow(ctx, `SELECT id FROM articles WHERE slug = ?`, slug).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func TestNewsletterDoubleOptIn(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := newNewsletterEnv(t, d)
		uid := dbtest.NewUser(t, d, "optin", "basic")
		res, err := e.svc.Subscribe(ctx, uid, NewsletterInput{Email: "Ana@Example.com"})
		if err != nil || !strings.Contains(res.Message, "confirmation link to ana@example.com") {
			t.Fatalf("subscribe: %+v %v", res, err)
		}
		sent := e.outbox.take()
		if len(sent) != 1 || sent[0].To != "ana@example.com" || !strings.Contains(sent[0].Body, "https://hyrox.example/newsletter/confirm?token=") {
			t.Fatalf("one confirmation e-mail: %+v", sent)
		}
		e.outbox.sent = sent
		first := e.outbox.token(t, "/newsletter/confirm?token=")
		var stored string
		_ = d.QueryRow(ctx, `SELECT confirm_token_hash FROM newsletter_subscribers WHERE email = 'ana@example.com'`).Scan(&stored)
		if stored == first || stored != hashToken(first) {
			t.Fatal("only the token's hash is stored")
		}

		// Subscribing again before confirming sends a new link; the old one stops working.
		res, err = e.svc.Subscribe(ctx, uid, NewsletterInput{Email: "ana@example.com"})
		if err != nil || !strings.Contains(res.Message, "confirmation link to ana@example.com") {
			t.Fatalf("again, unconfirmed: %+v %v", res, err)
		}
		second := e.outbox.token(t, "/newsletter/confirm?token=")
		if _, err := e.svc.Confirm(ctx, first); !apperr.Is(err, apperr.CodeNotFound) {
			t.Fatalf("a replaced link: %v", err)
		}
		// Expired after 7 days.
		e.now = e.now.Add(ConfirmTTL + time.Minute)
		if _, err := e.svc.Confirm(ctx, second); !apperr.Is(err, apperr.CodeNotFound) {
			t.Fatalf("an expired link: %v", err)
		}
		e.svc.Subscribe(ctx, uid, NewsletterInput{Email: "ana@example.com"})
		third := e.outbox.token(t, "/newsletter/confirm?token=")
		res, err = e.svc.Confirm(ctx, third)
		if err != nil || res.Email != "ana@example.com" || !strings.Contains(res.Message, "confirmed") {
			t.Fatalf("confirm: %+v %v", res, err)
		}
		// Used once.
		if _, err := e.svc.Confirm(ctx, third); !apperr.Is(err, apperr.CodeNotFound) {
			t.Fatalf("a used link: %v", err)
		}
		for _, bad := range []string{"", "nope", strings.Repeat("a", 500)} {
			if _, err := e.svc.Confirm(ctx, bad); !apperr.Is(err, apperr.CodeNotFound) {
				t.Errorf("token %q: %v", bad, err)
			}
		}
		// A confirmed address gets the same answer; only its inbox is told.
		again, _ := e.svc.Subscribe(ctx, uid, NewsletterInput{Email: "ana@example.com"})
		if sent := e.outbox.take(); again.Message != msg(msgConfirmSent, "ana@example.com") || len(sent) == 0 ||
			!strings.Contains(sent[len(sent)-1].Subject, "already subscribed") || strings.Contains(sent[len(sent)-1].Body, "token=") {
			t.Fatalf("confirmed: %+v %+v", again, sent)
		}

		// Without a mail sender the newsletter says it cannot send, and stores nothing.
		off := NewService(e.store, nil)
		if _, err := off.Subscribe(ctx, uid, NewsletterInput{Email: "off@example.com"}); !apperr.Is(err, apperr.CodeUnavailable) {
			t.Fatalf("no mailer: %v", err)
		}
		if n, _ := e.store.CountSubscribers(ctx, "off@example.com"); n != 0 {
			t.Fatal("stored without a way to confirm")
		}
	})
}

func TestNewsletterSendsNewArticlesToConfirmedSubscribers(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := newNewsletterEnv(t, d)
		// The first run announces the shipped articles while nobody is subscribed: nothing is sent.
		if n, err := e.svc.SendNewArticles(ctx); err != nil || n != 0 {
			t.Fatalf("first run: %d %v", n, err)
		}
		e.now = e.now.Add(time.Minute)
		e.subscribe(t, "conf", "conf@example.com")
		uid := dbtest.NewUser(t, d, "unconf", "basic")
		if _, err := e.svc.Subscribe(ctx, uid, NewsletterInput{Email: "unconf@example.com"}); err != nil {
			t.Fatal(err)
		}
		e.outbox.take()
		// Subscribing later does not bring the old articles.
		if n, _ := e.svc.SendNewArticles(ctx); n != 0 {
			t.Fatalf("old articles were sent to a new subscriber: %d", n)
		}

		e.now = e.now.Add(time.Hour)
		id := e.publish(t, "new-sled-tips", "New sled tips", e.now.Add(-time.Minute))
		future := e.publish(t, "later", "Later article", e.now.Add(24*time.Hour))
		n, err := e.svc.SendNewArticles(ctx)
		if err != nil || n != 1 {
			t.Fatalf("one e-mail for one confirmed subscriber: %d %v", n, err)
		}
		sent := e.outbox.take()
		m := sent[0]
		if m.To != "conf@example.com" || !strings.Contains(m.Subject, "New sled tips") || !strings.Contains(m.Body, "https://hyrox.example/blog/") {
			t.Fatalf("article e-mail: %+v", m)
		}
		var unsub string
		_ = d.QueryRow(ctx, `SELECT unsubscribe_token FROM newsletter_subscribers WHERE email = 'conf@example.com'`).Scan(&unsub)
		if header(m, "List-Unsubscribe") != "<https://hyrox.example/api/newsletter/unsubscribe?token="+unsub+">" ||
			header(m, "List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" ||
			!strings.Contains(m.Body, "https://hyrox.example/newsletter/unsubscribe?token="+unsub) {
			t.Fatalf("one-click unsubscribe headers and link: %+v", m)
		}
		// Sent once, even when the sender runs again (or on another instance).
		if n, _ := e.svc.SendNewArticles(ctx); n != 0 {
			t.Fatalf("sent twice: %d", n)
		}
		_ = id

		// A scheduled article goes out when its time comes; a failed e-mail is retried.
		e.now = e.now.Add(25 * time.Hour)
		e.outbox.fail = true
		if n, _ := e.svc.SendNewArticles(ctx); n != 0 {
			t.Fatal("a failed e-mail counts as sent")
		}
		e.outbox.fail = false
		if n, _ := e.svc.SendNewArticles(ctx); n != 1 {
			t.Fatal("the failed e-mail is not retried")
		}
		if got := e.outbox.take(); len(got) != 1 || !strings.Contains(got[0].Subject, "Later article") {
			t.Fatalf("retry: %+v", got)
		}
		_ = future

		// One click unsubscribes; the same link again, or an unknown one, answers the same.
		res, err := e.svc.Unsubscribe(ctx, unsub)
		if err != nil || res.Message == "" {
			t.Fatal(res, err)
		}
		if n, _ := e.store.CountSubscribers(ctx, "conf@example.com"); n != 0 {
			t.Fatal("still subscribed")
		}
		if again, err := e.svc.Unsubscribe(ctx, unsub); err != nil || again.Message != res.Message {
			t.Fatal(again, err)
		}
		e.now = e.now.Add(time.Hour)
		e.publish(t, "after-unsub", "After unsubscribe", e.now.Add(-time.Minute))
		if n, _ := e.svc.SendNewArticles(ctx); n != 0 {
			t.Fatalf("sent after unsubscribing: %d", n)
		}
	})
}

func msg(format, email string) string { return fmt.Sprintf(format, email) }
