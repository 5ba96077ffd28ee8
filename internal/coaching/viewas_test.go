package coaching

import "testing"

// The whitelist maps exactly its paths, fills in the athlete, and refuses
// everything else (docs/coaching.md#reading-an-athletes-data).
func TestViewPathWhitelist(t *testing.T) {
	for _, tc := range []struct{ rest, want string }{
		{"calendar", "/api/calendar"},
		{"calendar/sessions/12", "/api/calendar/sessions/12"},
		{"workout-logs", "/api/workout-logs/7"},
		{"workout-logs/33/detail", "/api/workout-logs/33/detail"},
		{"workout-stats", "/api/workout-stats/7"},
		{"nutrition", "/api/nutrition/7"},
		{"nutrition/history", "/api/nutrition/history"},
		{"food-entries", "/api/food-entries"},
		{"programs/5", "/api/programs/5"},
	} {
		got, ok := viewPath(tc.rest, "7")
		if !ok || got != tc.want {
			t.Errorf("viewPath(%q) = %q, %v; want %q", tc.rest, got, ok, tc.want)
		}
	}
	for _, rest := range []string{"", "home", "user", "user/export", "workout-logs/7", "workout-logs/0/detail",
		"workout-logs/-1/detail", "workout-logs/x/detail", "workout-logs/012/detail", "calendar/feed", "programs/5/start",
		"coaching/unread", "coach/athletes/7/calendar", "calendar/", "/calendar", "nutrition/7", "food-entries/3"} {
		if got, ok := viewPath(rest, "7"); ok {
			t.Errorf("viewPath(%q) = %q, want refused", rest, got)
		}
	}
}
