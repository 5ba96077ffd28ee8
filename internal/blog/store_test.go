package blog

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
	"hyrox/internal/httpx"
)

func TestSeedIsIdempotentAndPagesThroughEveryArticle(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc := NewService(NewStore(d), nil)
		content, _ := LoadContent()
		if err := Seed(ctx, d, nil); err != nil {
			t.Fatal(err)
		}
		first, err := svc.List(ctx, "", "", 100)
		if err != nil {
			t.Fatal(err)
		}
		if err := Seed(ctx, d, nil); err != nil {
			t.Fatal(err)
		}
		again, _ := svc.List(ctx, "", "", 100)
		if len(first.Items) != len(content) || len(again.Items) != len(content) {
			t.Fatalf("after two seeds: %d then %d articles, want %d", len(first.Items), len(again.Items), len(content))
		}
		for i := range first.Items {
			if first.Items[i].ID != again.Items[i].ID {
				t.Fatalf("seeding again changed ids")
			}
		}

		// An edited article file updates its row and keeps its id.
		edited := content[0]
		edited.Title = "Edited title"
		if err := NewStore(d).UpsertArticles(ctx, []Article{edited}); err != nil {
			t.Fatal(err)
		}
		after, _ := svc.List(ctx, "", "", 100)
		last := after.Items[len(after.Items)-1]
		if last.Title != "Edited title" || last.ID != first.Items[len(first.Items)-1].ID || len(after.Items) != len(content) {
			t.Fatalf("after an edit: %+v", last)
		}

		// Page through 6 at a time: newest first, no duplicates, no gaps.
		var seen []Article
		cursor := ""
		for pages := 0; ; pages++ {
			if pages > 10 {
				t.Fatal("pagination does not end")
			}
			p, err := svc.List(ctx, "", cursor, DefaultPageSize)
			if err != nil {
				t.Fatal(err)
			}
			seen = append(seen, p.Items...)
			if p.NextCursor == "" {
				break
			}
			if len(p.Items) != DefaultPageSize {
				t.Fatalf("a page before the last has %d items", len(p.Items))
			}
			cursor = p.NextCursor
		}
		if len(seen) != len(content) {
			t.Fatalf("paged %d articles, want %d", len(seen), len(content))
		}
		for i := 1; i < len(seen); i++ {
			if !seen[i-1].PublishedAt.After(seen[i].PublishedAt) {
				t.Fatalf("not newest first at %d: %v then %v", i, seen[i-1].PublishedAt, seen[i].PublishedAt)
			}
		}

		gear, err := svc.List(ctx, "gear", "", 100)
		if err != nil {
			t.Fatal(err)
		}
		if len(gear.Items) < 4 {
			t.Fatalf("%d gear articles", len(gear.Items))
		}
		for _, a := range gear.Items {
			if a.Category != "Gear" {
				t.Errorf("category filter let %q through", a.Category)
			}
		}
		if _, err := svc.List(ctx, "Cooking", "", 6); err == nil {
			t.Error("unknown category accepted")
		}
		if _, err := svc.List(ctx, "", "not-a-cursor", 6); err == nil {
			t.Error("bad cursor accepted")
		}

		// Neighbours: the newest has no next, the oldest no previous.
		newest, err := svc.Article(ctx, seen[0].ID)
		if err != nil {
			t.Fatal(err)
		}
		if newest.NextID != nil || newest.PreviousID == nil || *newest.PreviousID != seen[1].ID {
			t.Errorf("newest neighbours: prev %v next %v", newest.PreviousID, newest.NextID)
		}
		oldest, _ := svc.Article(ctx, seen[len(seen)-1].ID)
		if oldest.PreviousID != nil || oldest.NextID == nil || *oldest.NextID != seen[len(seen)-2].ID {
			t.Errorf("oldest neighbours: prev %v next %v", oldest.PreviousID, oldest.NextID)
		}
		if newest.HTML == "" || newest.ReadingTime < 1 || newest.Author == "" {
			t.Errorf("detail: %+v", newest.Article)
		}
		if _, err := svc.Article(ctx, 999999); err != ErrArticleNotFound {
			t.Errorf("missing article: %v", err)
		}
	})
}

func TestSubscribeTwiceKeepsOneRow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		store := NewStore(d)
		svc := NewService(store, func() time.Time { return time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC) })
		outbox := &fakeSender{}
		svc.UseMail(outbox, "https://hyrox.example", slog.Default())
		uid := dbtest.NewUser(t, d, "nl_user", "basic")
		res, err := svc.Subscribe(ctx, uid, NewsletterInput{Email: "  Ana@Example.com "})
		if err != nil || res.Email != "ana@example.com" {
			t.Fatalf("first: %+v %v", res, err)
		}
		if _, err := svc.Confirm(ctx, outbox.token(t, "/newsletter/confirm?token=")); err != nil {
			t.Fatal(err)
		}
		res, err = svc.Subscribe(ctx, uid, NewsletterInput{Email: "ana@example.com"})
		if err != nil || res.Message == "" {
			t.Fatalf("second: %+v %v", res, err)
		}
		if n, _ := store.CountSubscribers(ctx, "ana@example.com"); n != 1 {
			t.Fatalf("%d rows, want 1", n)
		}
		for _, bad := range []string{"", "nope", "a@b", "a b@c.de", "<script>@x.io"} {
			if _, err := svc.Subscribe(ctx, uid, NewsletterInput{Email: bad}); err == nil {
				t.Errorf("%q accepted", bad)
			}
		}
		exp, err := svc.ExportUserData(ctx, uid)
		if err != nil {
			t.Fatal(err)
		}
		if subs := exp.(map[string]any)["newsletterSubscriptions"].([]Subscriber); len(subs) != 1 {
			t.Fatalf("export: %+v", subs)
		}
		// Deleting the account removes the address.
		if _, err := d.Exec(ctx, `DELETE FROM users WHERE id = ?`, uid); err != nil {
			t.Fatal(err)
		}
		if n, _ := store.CountSubscribers(ctx, "ana@example.com"); n != 0 {
			t.Fatalf("%d rows after the account was deleted", n)
		}
	})
}

func FuzzNewsletterInput(f *testing.F) {
	for _, s := range []string{`{"email":"ana@example.com"}`, `{"email":""}`, `{"email":5}`, `{}`, `[]`, `null`, `{"email":"a@b.c"} {}`, "\x00"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var in NewsletterInput
		if err := httpx.DecodeJSONBytes(bytes.NewReader(body), &in); err != nil {
			return
		}
		email, err := ValidateNewsletter(in)
		if err == nil && (email == "" || !validEmail(email)) {
			t.Fatalf("accepted %q", email)
		}
	})
}

// Every shape of the list query walks an index in order instead of sorting
// the table (SQLite's plan; PostgreSQL may prefer a scan on 12 rows).
func TestListArticlesUsesAnIndex(t *testing.T) {
	d := dbtest.OpenSQLite(t)
	for _, q := range []ListQuery{
		{Limit: 7},
		{Limit: 7, AfterTime: time.Now(), AfterID: 3},
		{Limit: 7, Category: "Gear"},
		{Limit: 7, Category: "Gear", AfterTime: time.Now(), AfterID: 3},
	} {
		query, args := listArticlesSQL(q)
		rows, err := d.Query(context.Background(), "EXPLAIN QUERY PLAN "+query, args...)
		if err != nil {
			t.Fatal(err)
		}
		var plan []string
		for rows.Next() {
			var id, parent, notused int
			var detail string
			if err := rows.Scan(&id, &parent, &notused, &detail); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, detail)
		}
		rows.Close()
		joined := strings.Join(plan, "; ")
		if !strings.Contains(joined, "USING INDEX articles_") || strings.Contains(joined, "TEMP B-TREE") {
			t.Errorf("%+v: plan %q", q, joined)
		}
	}
}
