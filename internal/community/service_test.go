package community

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

// testClock is a clock tests move by hand.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func newService(t testing.TB, d *db.DB) (*Service, *testClock) {
	clock := &testClock{now: time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)}
	return NewService(NewStore(d), clock.Now), clock
}

// makeUsers inserts n users straight into the users table (test set-up only;
// the community area never reads that table).
func makeUsers(t testing.TB, d *db.DB, n int) []Author {
	t.Helper()
	out := make([]Author, n)
	for i := range out {
		name := fmt.Sprintf("user%d_%d", i, time.Now().UnixNano())
		id := dbtest.NewUser(t, d, name, "basic")
		out[i] = Author{UserID: id, Username: name}
	}
	return out
}

func count(t testing.TB, d *db.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := d.QueryRow(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func wantCode(t *testing.T, err error, code apperr.Code) {
	t.Helper()
	if err == nil || apperr.As(err).Code != code {
		t.Fatalf("error %v, want code %s", err, code)
	}
}

func TestCommunityPostsFeedPaginatesNewestFirst(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, clock := newService(t, d)
		u := makeUsers(t, d, 2)
		var ids []int64
		for i := range 7 {
			p, err := svc.CreatePost(ctx, u[i%2], PostInput{Content: fmt.Sprintf("post %d", i)})
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, p.ID)
			if i != 3 { // two posts share a timestamp: the id breaks the tie
				clock.Advance(1500 * time.Microsecond)
			}
		}
		var got []int64
		cur := ""
		for pages := 0; ; pages++ {
			page, err := svc.Posts(ctx, u[0].UserID, cur, 3)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range page.Items {
				got = append(got, p.ID)
			}
			if page.NextCursor == "" {
				break
			}
			cur = page.NextCursor
			if pages > 5 {
				t.Fatal("too many pages")
			}
		}
		if len(got) != 7 {
			t.Fatalf("got %v", got)
		}
		for i := range got {
			if got[i] != ids[6-i] {
				t.Fatalf("order %v, want reverse of %v", got, ids)
			}
		}
		if _, err := svc.Posts(ctx, u[0].UserID, "not-a-cursor!", 3); err == nil {
			t.Fatal("bad cursor accepted")
		}
	})
}

func TestCommunityPostValidationChangesNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, _ := newService(t, d)
		u := makeUsers(t, d, 1)[0]
		for _, content := range []string{"", "   \n\t ", strings.Repeat("a", MaxPostChars+1), "bad \xff utf8"} {
			_, err := svc.CreatePost(ctx, u, PostInput{Content: content})
			wantCode(t, err, apperr.CodeInvalid)
			if apperr.As(err).Fields["content"] == "" {
				t.Errorf("no field message for %q", content)
			}
		}
		if n := count(t, d, `SELECT COUNT(*) FROM community_posts`); n != 0 {
			t.Fatalf("%d posts after bad input", n)
		}
		p, err := svc.CreatePost(ctx, u, PostInput{Content: "  " + strings.Repeat("é", MaxPostChars) + "\r\n"})
		if err != nil {
			t.Fatal(err)
		}
		if p.Content != strings.Repeat("é", MaxPostChars) || p.Username != u.Username {
			t.Fatalf("stored %q by %q", p.Content[:10], p.Username)
		}
		script := `<script>alert("x")</script> & <b>bold</b>`
		p, err = svc.CreatePost(ctx, u, PostInput{Content: script})
		if err != nil {
			t.Fatal(err)
		}
		got, _ := svc.Post(ctx, p.ID, u.UserID)
		if got.Content != script {
			t.Fatalf("content changed: %q", got.Content)
		}
		_, err = svc.CreateComment(ctx, u, p.ID, CommentInput{Content: strings.Repeat("b", MaxCommentChars+1)})
		wantCode(t, err, apperr.CodeInvalid)
		if n := count(t, d, `SELECT COUNT(*) FROM community_comments`); n != 0 {
			t.Fatalf("%d comments after bad input", n)
		}
	})
}

func TestCommunityLikesAreIdempotentAndOwnDeletesOnly(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, clock := newService(t, d)
		u := makeUsers(t, d, 2)
		p, err := svc.CreatePost(ctx, u[0], PostInput{Content: "Wall balls done"})
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			got, err := svc.Like(ctx, p.ID, u[1].UserID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Likes != 1 || !got.LikedByMe {
				t.Fatalf("after like: %+v", got)
			}
		}
		mine, _ := svc.Post(ctx, p.ID, u[0].UserID)
		if mine.LikedByMe || mine.Likes != 1 {
			t.Fatalf("author's view: %+v", mine)
		}
		for range 2 {
			got, err := svc.Unlike(ctx, p.ID, u[1].UserID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Likes != 0 || got.LikedByMe {
				t.Fatalf("after unlike: %+v", got)
			}
		}
		_, err = svc.Like(ctx, 999999, u[1].UserID)
		wantCode(t, err, apperr.CodeNotFound)

		var cs []Comment
		for i := range 5 {
			c, err := svc.CreateComment(ctx, u[i%2], p.ID, CommentInput{Content: fmt.Sprintf("comment %d", i)})
			if err != nil {
				t.Fatal(err)
			}
			cs = append(cs, c)
			clock.Advance(time.Second)
		}
		_, err = svc.CreateComment(ctx, u[1], 999999, CommentInput{Content: "hello"})
		wantCode(t, err, apperr.CodeNotFound)
		page, err := svc.Comments(ctx, p.ID, "", 3)
		if err != nil {
			t.Fatal(err)
		}
		page2, err := svc.Comments(ctx, p.ID, page.NextCursor, 3)
		if err != nil {
			t.Fatal(err)
		}
		all := append(page.Items, page2.Items...)
		if len(all) != 5 || page2.NextCursor != "" || all[0].ID != cs[0].ID || all[4].ID != cs[4].ID {
			t.Fatalf("comments %+v / %+v", page, page2)
		}
		got, _ := svc.Post(ctx, p.ID, u[0].UserID)
		if got.Comments != 5 {
			t.Fatalf("comment count %d", got.Comments)
		}

		wantCode(t, svc.DeleteComment(ctx, cs[0].ID, u[1].UserID), apperr.CodeForbidden)
		wantCode(t, svc.DeleteComment(ctx, 999999, u[1].UserID), apperr.CodeNotFound)
		if err := svc.DeleteComment(ctx, cs[1].ID, u[1].UserID); err != nil {
			t.Fatal(err)
		}
		got, _ = svc.Post(ctx, p.ID, u[0].UserID)
		if got.Comments != 4 {
			t.Fatalf("comment count after delete %d", got.Comments)
		}

		exp, err := svc.ExportUserData(ctx, u[1].UserID)
		if err != nil {
			t.Fatal(err)
		}
		if e := exp.(Export); len(e.Comments) != 1 || len(e.Posts) != 0 || len(e.Likes) != 0 {
			t.Fatalf("export %+v", e)
		}

		if err := svc.RenameAuthor(ctx, u[0].UserID, "renamed_athlete"); err != nil {
			t.Fatal(err)
		}
		got, _ = svc.Post(ctx, p.ID, u[0].UserID)
		if got.Username != "renamed_athlete" {
			t.Fatalf("rename: %q", got.Username)
		}

		wantCode(t, svc.DeletePost(ctx, p.ID, u[1].UserID), apperr.CodeForbidden)
		if err := svc.DeletePost(ctx, p.ID, u[0].UserID); err != nil {
			t.Fatal(err)
		}
		wantCode(t, svc.DeletePost(ctx, p.ID, u[0].UserID), apperr.CodeNotFound)
		if n := count(t, d, `SELECT COUNT(*) FROM community_comments`); n != 0 {
			t.Fatalf("%d comments outlived their post", n)
		}
	})
}

// TestCommunityConcurrentLikesKeepCountsRight likes, unlikes and re-likes one
// post from many goroutines at once; the counter must equal the like rows.
func TestCommunityConcurrentLikesKeepCountsRight(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, _ := newService(t, d)
		users := makeUsers(t, d, 24)
		p, err := svc.CreatePost(ctx, users[0], PostInput{Content: "Like me"})
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make(chan error, len(users)*8)
		for i, u := range users {
			for j := range 4 { // each user fires four racing requests
				wg.Add(1)
				go func() {
					defer wg.Done()
					var err error
					if i%3 == 0 && j%2 == 1 {
						_, err = svc.Unlike(ctx, p.ID, u.UserID)
					} else {
						_, err = svc.Like(ctx, p.ID, u.UserID)
					}
					if err != nil {
						errs <- err
					}
				}()
			}
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		rows := count(t, d, `SELECT COUNT(*) FROM community_likes WHERE post_id = ?`, p.ID)
		got, err := svc.Post(ctx, p.ID, users[0].UserID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Likes != rows || rows < len(users)*2/3 {
			t.Fatalf("like_count %d, like rows %d", got.Likes, rows)
		}

		// Deleting an account cascades its likes and comments away; the
		// counters follow.
		if _, err := svc.CreateComment(ctx, users[1], p.ID, CommentInput{Content: "Nice"}); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Like(ctx, p.ID, users[1].UserID); err != nil {
			t.Fatal(err)
		}
		before, _ := svc.Post(ctx, p.ID, users[0].UserID)
		if _, err := d.Exec(ctx, `DELETE FROM users WHERE id = ?`, users[1].UserID); err != nil {
			t.Fatal(err)
		}
		after, _ := svc.Post(ctx, p.ID, users[0].UserID)
		if after.Likes != before.Likes-1 || after.Comments != before.Comments-1 {
			t.Fatalf("after account deletion: %+v, before %+v", after, before)
		}
	})
}

func TestCommunitySeedIsIdempotent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		u := makeUsers(t, d, 3)
		demo := map[string]int64{"demo_basic": u[0].UserID, "demo_pro": u[1].UserID, "demo_elite": u[2].UserID}
		for range 2 {
			if err := Seed(context.Background(), d, demo); err != nil {
				t.Fatal(err)
			}
		}
		if n := count(t, d, `SELECT COUNT(*) FROM community_posts`); n != len(demoPosts) {
			t.Fatalf("%d posts after seeding twice", n)
		}
		likes := count(t, d, `SELECT COUNT(*) FROM community_likes`)
		if sum := count(t, d, `SELECT COALESCE(SUM(like_count), 0) FROM community_posts`); sum != likes || likes == 0 {
			t.Fatalf("like counters %d, like rows %d", sum, likes)
		}
	})
}
