package server_test

import (
	"fmt"
	"testing"

	"hyrox/internal/server/servertest"
)

// communityPost publishes a post as c and returns its id.
func communityPost(t *testing.T, c *servertest.Client, content string) int64 {
	t.Helper()
	var p struct {
		ID int64 `json:"id"`
	}
	c.Do("POST", "/api/community/posts", map[string]string{"content": content}).Want(201).JSON(&p)
	return p.ID
}

// communityComment comments on post id as c and returns the comment's id.
func communityComment(t *testing.T, c *servertest.Client, postID int64, content string) int64 {
	t.Helper()
	var cm struct {
		ID int64 `json:"id"`
	}
	c.Do("POST", fmt.Sprintf("/api/community/posts/%d/comments", postID), map[string]string{"content": content}).Want(201).JSON(&cm)
	return cm.ID
}

func init() {
	onPost := func(suffix string) func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
		return func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			return fmt.Sprintf("/api/community/posts/%d%s", communityPost(t, owner, "Matrix post"), suffix), nil
		}
	}
	addToMatrix(
		authzCase{Method: "GET", Path: "/api/community/posts"},
		authzCase{Method: "POST", Path: "/api/community/posts",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return "/api/community/posts", map[string]string{"content": "Hello athletes"}
			}},
		authzCase{Method: "GET", Path: "/api/community/posts/{id}", Setup: onPost("")},
		authzCase{Method: "DELETE", Path: "/api/community/posts/{id}", Setup: onPost(""), Owned: true},
		authzCase{Method: "POST", Path: "/api/community/posts/{id}/like", Setup: onPost("/like")},
		authzCase{Method: "DELETE", Path: "/api/community/posts/{id}/like", Setup: onPost("/like")},
		authzCase{Method: "GET", Path: "/api/community/posts/{id}/comments", Setup: onPost("/comments")},
		authzCase{Method: "POST", Path: "/api/community/posts/{id}/comments",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return fmt.Sprintf("/api/community/posts/%d/comments", communityPost(t, owner, "Matrix post")),
					map[string]string{"content": "Great work"}
			}},
		authzCase{Method: "DELETE", Path: "/api/community/comments/{id}", Owned: true,
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				id := communityComment(t, owner, communityPost(t, owner, "Matrix post"), "Mine")
				return fmt.Sprintf("/api/community/comments/%d", id), nil
			}},
	)
}
