package server_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"hyrox/internal/idempotency"
	"hyrox/internal/server/servertest"
)

// docs/offline.md#idempotency-keys

func keyHeader(key string) http.Header { return http.Header{"Idempotency-Key": {key}} }

func idemLog(name string) map[string]any {
	return map[string]any{"workoutName": name, "duration": 30, "rating": 4}
}

type idemLogAnswer struct {
	ID          int64  `json:"id"`
	WorkoutName string `json:"workoutName"`
}

func countLogs(t *testing.T, e *servertest.Env, userID int64, name string) int {
	t.Helper()
	var n int
	if err := e.App.DB.QueryRow(t.Context(), `SELECT COUNT(*) FROM workout_logs WHERE user_id = ? AND workout_name = ?`, userID, name).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestIdempotencyKeyReplaysTheFirstAnswer(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		first := c.DoHeader("POST", "/api/workout-logs", idemLog("Offline wall balls"), keyHeader("log-1")).Want(http.StatusCreated)
		var a, b idemLogAnswer
		first.JSON(&a)
		if first.Header.Get(idempotency.ReplayedHeader) != "" {
			t.Fatal("the first answer is marked replayed")
		}
		again := c.DoHeader("POST", "/api/workout-logs", idemLog("Offline wall balls"), keyHeader("log-1")).Want(http.StatusCreated)
		again.JSON(&b)
		if b.ID != a.ID || again.Header.Get(idempotency.ReplayedHeader) != "true" {
			t.Fatalf("retry answered log %d (replayed %q), want the first answer %d", b.ID, again.Header.Get(idempotency.ReplayedHeader), a.ID)
		}
		if n := countLogs(t, e, c.User.ID, "Offline wall balls"); n != 1 {
			t.Fatalf("%d logs written, want 1", n)
		}
		// Without a key every request writes (nothing changes for other clients).
		c.Do("POST", "/api/workout-logs", idemLog("Offline wall balls")).Want(http.StatusCreated)
		if n := countLogs(t, e, c.User.ID, "Offline wall balls"); n != 2 {
			t.Fatalf("%d logs after an unkeyed write, want 2", n)
		}
	})
}

func TestIdempotencyKeyReusedForAnotherRequestIs422(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		c.DoHeader("POST", "/api/workout-logs", idemLog("Sled push"), keyHeader("k-reuse")).Want(http.StatusCreated)
		res := c.DoHeader("POST", "/api/workout-logs", idemLog("Sled pull"), keyHeader("k-reuse")).Want(http.StatusUnprocessableEntity)
		if res.Message() != idempotency.MsgReused {
			t.Fatalf("message %q", res.Message())
		}
		if n := countLogs(t, e, c.User.ID, "Sled pull"); n != 0 {
			t.Fatalf("the reused key wrote %d logs", n)
		}
		// Bad keys are refused before anything runs.
		for _, bad := range []string{"has space", "ü", strings.Repeat("a", 101), "a.b"} {
			res := c.DoHeader("POST", "/api/workout-logs", idemLog("Bad key"), keyHeader(bad)).Want(http.StatusBadRequest)
			if res.Message() != idempotency.MsgBadKey {
				t.Fatalf("key %q: message %q", bad, res.Message())
			}
		}
		if n := countLogs(t, e, c.User.ID, "Bad key"); n != 0 {
			t.Fatalf("a bad key wrote %d logs", n)
		}
	})
}

// A key belongs to its user: user B sending A's key (and A's exact request)
// gets B's own write, never A's stored answer.
func TestIdempotencyKeyIsPerUser(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		a, b := e.NewUser(), e.NewUser()
		var la, lb idemLogAnswer
		a.DoHeader("POST", "/api/workout-logs", idemLog("Shared key row"), keyHeader("same-key")).Want(http.StatusCreated).JSON(&la)
		res := b.DoHeader("POST", "/api/workout-logs", idemLog("Shared key row"), keyHeader("same-key")).Want(http.StatusCreated)
		res.JSON(&lb)
		if lb.ID == la.ID || res.Header.Get(idempotency.ReplayedHeader) != "" {
			t.Fatalf("user B got user A's answer (log %d)", lb.ID)
		}
		if countLogs(t, e, a.User.ID, "Shared key row") != 1 || countLogs(t, e, b.User.ID, "Shared key row") != 1 {
			t.Fatal("each user should hold exactly one log")
		}
		// B deleting with A's key on A's log: B's own 404, A's log stays.
		b.DoHeader("DELETE", fmt.Sprintf("/api/workout-logs/%d", la.ID), nil, keyHeader("del-key")).Want(http.StatusNotFound)
		a.DoHeader("DELETE", fmt.Sprintf("/api/workout-logs/%d", la.ID), nil, keyHeader("del-key")).Want(http.StatusNoContent)
		// Anonymous requests with a key are answered 401 and keep nothing.
		e.Client().DoHeader("POST", "/api/workout-logs", idemLog("x"), keyHeader("same-key")).Want(http.StatusUnauthorized)
	})
}

// Parallel duplicates: exactly one writes; the others get the stored answer
// or "still running" (409, Retry-After), and a later retry the stored answer.
func TestIdempotencyKeyConcurrentDuplicatesWriteOnce(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		const n = 8
		var wg sync.WaitGroup
		statuses := make([]int, n)
		ids := make([]int64, n)
		start := make(chan struct{})
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				res := c.DoHeader("POST", "/api/workout-logs", idemLog("Parallel burpees"), keyHeader("parallel-1"))
				statuses[i] = res.Status
				if res.Status == http.StatusCreated {
					var l idemLogAnswer
					res.JSON(&l)
					ids[i] = l.ID
				} else if res.Status == http.StatusConflict && res.Header.Get("Retry-After") == "" {
					t.Errorf("409 without Retry-After")
				}
			}()
		}
		close(start)
		wg.Wait()
		var created int64
		for i, s := range statuses {
			switch s {
			case http.StatusCreated:
				if created != 0 && ids[i] != created {
					t.Fatalf("two different logs answered: %d and %d", created, ids[i])
				}
				created = ids[i]
			case http.StatusConflict:
			default:
				t.Fatalf("status %d among parallel duplicates", s)
			}
		}
		if created == 0 {
			t.Fatal("no request answered 201")
		}
		if got := countLogs(t, e, c.User.ID, "Parallel burpees"); got != 1 {
			t.Fatalf("%d logs written by %d parallel duplicates, want 1", got, n)
		}
		var l idemLogAnswer
		c.DoHeader("POST", "/api/workout-logs", idemLog("Parallel burpees"), keyHeader("parallel-1")).Want(http.StatusCreated).JSON(&l)
		if l.ID != created {
			t.Fatalf("retry after the race answered %d, want %d", l.ID, created)
		}
	})
}

// A queued edit of a log deleted meanwhile: the area's 404 message comes
// back, and a retry gets the same answer (the app shows it by the item).
func TestIdempotencyConflictAnswerIsKeptAndClear(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		var l idemLogAnswer
		c.Do("POST", "/api/workout-logs", idemLog("Deleted meanwhile")).Want(http.StatusCreated).JSON(&l)
		c.Do("DELETE", fmt.Sprintf("/api/workout-logs/%d", l.ID), nil).Want(http.StatusNoContent)
		path := fmt.Sprintf("/api/workout-logs/%d", l.ID)
		res := c.DoHeader("PATCH", path, map[string]any{"rating": 5}, keyHeader("edit-1")).Want(http.StatusNotFound)
		if res.Message() != "That workout log does not exist." {
			t.Fatalf("message %q", res.Message())
		}
		again := c.DoHeader("PATCH", path, map[string]any{"rating": 5}, keyHeader("edit-1")).Want(http.StatusNotFound)
		if again.Message() != res.Message() || again.Header.Get(idempotency.ReplayedHeader) != "true" {
			t.Fatalf("retry: %q replayed=%q", again.Message(), again.Header.Get(idempotency.ReplayedHeader))
		}
	})
}

// Keys are kept 7 days, then purged: the same key then runs again.
func TestIdempotencyKeysExpireAfterSevenDays(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		c.DoHeader("POST", "/api/workout-logs", idemLog("Week old"), keyHeader("old-key")).Want(http.StatusCreated)
		e.Clock.Advance(idempotency.KeepFor - time.Minute)
		if n, err := e.App.PurgeIdempotencyKeys(t.Context()); err != nil || n != 0 {
			t.Fatalf("purged %d (%v) before 7 days", n, err)
		}
		c.DoHeader("POST", "/api/workout-logs", idemLog("Week old"), keyHeader("old-key")).Want(http.StatusCreated)
		if got := countLogs(t, e, c.User.ID, "Week old"); got != 1 {
			t.Fatalf("%d logs inside the 7 days, want 1", got)
		}
		e.Clock.Advance(2 * time.Minute)
		if n, err := e.App.PurgeIdempotencyKeys(t.Context()); err != nil || n != 1 {
			t.Fatalf("purged %d (%v) after 7 days, want 1", n, err)
		}
		c.DoHeader("POST", "/api/workout-logs", idemLog("Week old"), keyHeader("old-key")).Want(http.StatusCreated)
		if got := countLogs(t, e, c.User.ID, "Week old"); got != 2 {
			t.Fatalf("%d logs after the key expired, want 2", got)
		}
	})
}

// Food entries, the other offline write: a retried POST adds one entry.
func TestIdempotencyFoodEntryOnce(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUserWithTier("pro")
		body := nutritionEntryBody(c.User.ID)
		var a, b struct {
			ID any `json:"id"`
		}
		c.DoHeader("POST", "/api/food-entries", body, keyHeader("food-1")).Want(http.StatusCreated).JSON(&a)
		c.DoHeader("POST", "/api/food-entries", body, keyHeader("food-1")).Want(http.StatusCreated).JSON(&b)
		if fmt.Sprint(a.ID) != fmt.Sprint(b.ID) {
			t.Fatalf("two entries: %v and %v", a.ID, b.ID)
		}
		var n int
		if err := e.App.DB.QueryRow(t.Context(), `SELECT COUNT(*) FROM food_entries WHERE user_id = ?`, c.User.ID).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 1 {
			t.Fatalf("%d food entries, want 1", n)
		}
	})
}
