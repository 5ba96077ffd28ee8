package server_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"hyrox/internal/server/servertest"
)

type communityPostJSON struct {
	ID        int64     `json:"id"`
	UserID    int64     `json:"userId"`
	Username  string    `json:"username"`
	Content   string    `json:"content"`
	CreatedAt time.Time `json:"createdAt"`
	Likes     int       `json:"likes"`
	Comments  int       `json:"comments"`
	LikedByMe bool      `json:"likedByMe"`
}

type communityPage struct {
	Items      []communityPostJSON `json:"items"`
	NextCursor string              `json:"nextCursor"`
}

func communityCount(t *testing.T, e *servertest.Env, table string) int {
	t.Helper()
	var n int
	if err := e.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM `+table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestCommunityFeedLikesAndComments(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		ana, ben := e.NewUser(), e.NewUser()
		var ids []int64
		for i := range 5 {
			ids = append(ids, communityPost(t, ana, fmt.Sprintf("Session %d done", i)))
			e.Clock.Advance(time.Minute)
		}

		var page communityPage
		ben.Do("GET", "/api/community/posts?limit=2", nil).Want(200).JSON(&page)
		if len(page.Items) != 2 || page.Items[0].ID != ids[4] || page.Items[0].Username != ana.User.Username || page.NextCursor == "" {
			t.Fatalf("first page %+v", page)
		}
		var seen []int64
		for cur := ""; ; {
			var p communityPage
			ben.Do("GET", "/api/community/posts?limit=2&cursor="+cur, nil).Want(200).JSON(&p)
			for _, it := range p.Items {
				seen = append(seen, it.ID)
			}
			if cur = p.NextCursor; cur == "" {
				break
			}
		}
		if len(seen) != 5 || seen[4] != ids[0] {
			t.Fatalf("walked %v", seen)
		}
		ben.Do("GET", "/api/community/posts?cursor=bogus!", nil).Want(400)
		ben.Do("GET", "/api/community/posts?limit=0", nil).Want(400)

		path := fmt.Sprintf("/api/community/posts/%d", ids[0])
		var p communityPostJSON
		ben.Do("POST", path+"/like", nil).Want(200).JSON(&p)
		ben.Do("POST", path+"/like", nil).Want(200).JSON(&p)
		if p.Likes != 1 || !p.LikedByMe {
			t.Fatalf("liked twice: %+v", p)
		}
		ana.Do("GET", path, nil).Want(200).JSON(&p)
		if p.Likes != 1 || p.LikedByMe {
			t.Fatalf("author sees %+v", p)
		}

		cid := communityComment(t, ben, ids[0], "Strong work!")
		e.Clock.Advance(time.Second)
		communityComment(t, ana, ids[0], "Thanks!")
		var comments struct {
			Items []struct {
				ID       int64  `json:"id"`
				Username string `json:"username"`
				Content  string `json:"content"`
			} `json:"items"`
			NextCursor string `json:"nextCursor"`
		}
		ana.Do("GET", path+"/comments", nil).Want(200).JSON(&comments)
		if len(comments.Items) != 2 || comments.Items[0].ID != cid || comments.Items[0].Username != ben.User.Username {
			t.Fatalf("comments %+v", comments)
		}
		ana.Do("GET", path, nil).Want(200).JSON(&p)
		if p.Comments != 2 {
			t.Fatalf("comment count %d", p.Comments)
		}

		ana.Do("DELETE", fmt.Sprintf("/api/community/comments/%d", cid), nil).Want(403)
		ben.Do("DELETE", path, nil).Want(403)
		ben.Do("DELETE", fmt.Sprintf("/api/community/comments/%d", cid), nil).Want(204)
		ben.Do("DELETE", path+"/like", nil).Want(200).JSON(&p)
		if p.Likes != 0 || p.LikedByMe || p.Comments != 1 {
			t.Fatalf("after unlike %+v", p)
		}
		ana.Do("DELETE", path, nil).Want(204)
		ana.Do("GET", path, nil).Want(404)
		ben.Do("POST", path+"/like", nil).Want(404)
		ben.Do("POST", path+"/comments", map[string]string{"content": "late"}).Want(404)
		ben.Do("GET", path+"/comments", nil).Want(404)
		ben.Do("GET", "/api/community/posts/abc", nil).Want(404)

		e.Client().Do("GET", "/api/community/posts", nil).Want(401)
	})
}

func TestCommunityBadInputChangesNothing(t *testing.T) {
	e := servertest.New(t)
	c := e.NewUser()
	cases := []struct {
		body, msg string
	}{
		{`{"content":""}`, "Write something before you post."},
		{`{"content":"  \n "}`, "Write something before you post."},
		{`{"content":"\u200b\u200b\u200d\ufeff\u2060"}`, "Write something before you post."}, // zero-width only
		{`{"content":"\u3164 \u2800\u0301\u00ad"}`, "Write something before you post."},      // blank fillers, a lone mark, soft hyphen
		{`{"content":"` + strings.Repeat("x", 2001) + `"}`, "A post can be at most 2000 characters (this one has 2001)."},
	}
	for _, tc := range cases {
		res := c.Do("POST", "/api/community/posts", tc.body).Want(400)
		if res.FieldError("content") != tc.msg || res.Message() != tc.msg {
			t.Errorf("%.40s: %s", tc.body, res.Body)
		}
	}
	for _, body := range []string{`nope`, `{"content": 5}`, ``, `{} {}`} {
		c.Do("POST", "/api/community/posts", body).Want(400)
	}
	if n := communityCount(t, e, "community_posts"); n != 0 {
		t.Fatalf("%d posts after bad input", n)
	}
	res0 := c.Do("POST", fmt.Sprintf("/api/community/posts/%d/comments", communityPost(t, c, "👩\u200d💻 ok")), `{"content":"\u200b"}`).Want(400)
	if res0.FieldError("content") != "Write something before you comment." {
		t.Errorf("zero-width comment: %s", res0.Body)
	}
	id := communityPost(t, c, "<script>alert(1)</script>")
	var p communityPostJSON
	c.Do("GET", fmt.Sprintf("/api/community/posts/%d", id), nil).Want(200).JSON(&p)
	if p.Content != "<script>alert(1)</script>" {
		t.Fatalf("content %q", p.Content)
	}
	res := c.Do("POST", fmt.Sprintf("/api/community/posts/%d/comments", id), `{"content":"`+strings.Repeat("y", 1001)+`"}`).Want(400)
	if res.FieldError("content") == "" {
		t.Errorf("comment too long: %s", res.Body)
	}
	if n := communityCount(t, e, "community_comments"); n != 0 {
		t.Fatalf("%d comments after bad input", n)
	}
}

func TestCommunityPostingIsRateLimited(t *testing.T) {
	e := servertest.New(t)
	c := e.NewUser()
	var last *servertest.Response
	for i := range 12 {
		last = c.Do("POST", "/api/community/posts", map[string]string{"content": fmt.Sprintf("post %d", i)})
		if last.Status == http.StatusTooManyRequests {
			break
		}
	}
	last.Want(http.StatusTooManyRequests)
	if last.Header.Get("Retry-After") == "" || !strings.Contains(last.Message(), "wait") {
		t.Fatalf("429 without a readable message: %s", last.Body)
	}
	// Another athlete is not affected.
	communityPost(t, e.NewUser(), "Still fine")
}

func TestCommunityPostsFollowARename(t *testing.T) {
	e := servertest.New(t)
	c := e.NewUser()
	c.Do("POST", "/api/community/posts", map[string]string{"content": "First sled push session done"}).Want(201)
	c.Do("PATCH", "/api/user", map[string]string{"username": "renamed_athlete"}).Want(200)
	res := c.Do("GET", "/api/community/posts", nil).Want(200)
	if !res.Contains(`"username":"renamed_athlete"`) {
		t.Fatalf("the post still shows the old name: %s", res.Body)
	}
}
