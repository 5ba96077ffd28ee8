package server_test

import (
	"fmt"
	"testing"

	"hyrox/internal/server/servertest"
)

// The Elite channel (docs/coaching.md#the-elite-channel): elite members and
// coaches read and write it; for everyone else its posts do not exist.
func TestCommunityEliteChannel(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		elite, coach, basic, pro := e.NewUserWithTier("elite"), newCoach(t, e), e.NewUserWithTier("basic"), e.NewUserWithTier("pro")
		var post struct {
			ID      int64  `json:"id"`
			Channel string `json:"channel"`
		}
		elite.Do("POST", "/api/community/posts", map[string]string{"content": "Elite only: race-week taper", "channel": "elite"}).Want(201).JSON(&post)
		if post.Channel != "elite" {
			t.Fatalf("channel %q", post.Channel)
		}
		coach.Do("POST", "/api/community/posts", map[string]string{"content": "Coach note for elites", "channel": "elite"}).Want(201)
		public := communityPost(t, basic, "Public hello")

		feed := func(c *servertest.Client, channel string) []string {
			var page struct {
				Items []struct{ Content, Channel string }
			}
			c.Do("GET", "/api/community/posts?channel="+channel, nil).Want(200).JSON(&page)
			var out []string
			for _, p := range page.Items {
				if p.Channel != channel {
					t.Fatalf("a %s post in the %s feed", p.Channel, channel)
				}
				out = append(out, p.Content)
			}
			return out
		}
		if got := feed(elite, "elite"); len(got) != 2 || got[0] != "Coach note for elites" {
			t.Fatalf("elite feed: %v", got)
		}
		if got := feed(coach, "elite"); len(got) != 2 {
			t.Fatalf("coach's elite feed: %v", got)
		}
		if got := feed(elite, "public"); len(got) != 1 || got[0] != "Public hello" {
			t.Fatalf("public feed: %v", got)
		}
		var def struct{ Items []struct{ ID int64 } }
		basic.Do("GET", "/api/community/posts", nil).Want(200).JSON(&def)
		if len(def.Items) != 1 || def.Items[0].ID != public {
			t.Fatalf("default feed shows only public posts: %+v", def.Items)
		}
		elite.Do("POST", fmt.Sprintf("/api/community/posts/%d/comments", post.ID), map[string]string{"content": "Agreed"}).Want(201)
		coach.Do("POST", fmt.Sprintf("/api/community/posts/%d/like", post.ID), nil).Want(200)

		// Everyone else: the feed is 403, each post 404, and writing changes nothing.
		for _, c := range []*servertest.Client{basic, pro} {
			res := c.Do("GET", "/api/community/posts?channel=elite", nil).Want(403)
			if res.Message() != "The Elite channel is for elite members and coaches." {
				t.Fatalf("feed: %s", res.Body)
			}
			c.Do("GET", fmt.Sprintf("/api/community/posts/%d", post.ID), nil).Want(404)
			c.Do("GET", fmt.Sprintf("/api/community/posts/%d/comments", post.ID), nil).Want(404)
			c.Do("POST", fmt.Sprintf("/api/community/posts/%d/comments", post.ID), map[string]string{"content": "Let me in"}).Want(404)
			c.Do("POST", fmt.Sprintf("/api/community/posts/%d/like", post.ID), nil).Want(404)
			c.Do("DELETE", fmt.Sprintf("/api/community/posts/%d/like", post.ID), nil).Want(404)
			res = c.Do("POST", "/api/community/posts", map[string]string{"content": "Sneaking in", "channel": "elite"}).Want(403)
			if res.Message() != "The Elite channel is for elite members and coaches." {
				t.Fatalf("post: %s", res.Body)
			}
		}
		if msg := basic.Do("POST", "/api/community/posts", map[string]string{"content": "x", "channel": "vip"}).Want(400).FieldError("channel"); msg != "The channel must be public or elite." {
			t.Fatalf("unknown channel: %q", msg)
		}
		var full struct {
			Likes    int `json:"likes"`
			Comments int `json:"comments"`
		}
		elite.Do("GET", fmt.Sprintf("/api/community/posts/%d", post.ID), nil).Want(200).JSON(&full)
		if full.Likes != 1 || full.Comments != 1 {
			t.Fatalf("after outsiders: %+v", full)
		}
		if got := feed(elite, "elite"); len(got) != 2 {
			t.Fatalf("outsiders added posts: %v", got)
		}
	})
}
