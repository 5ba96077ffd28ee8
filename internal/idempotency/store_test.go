package idempotency

import (
	"net/http"
	"testing"
	"time"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

func TestStoreClaimCompleteRelease(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := t.Context()
		s := NewStore(d)
		user := dbtest.NewUser(t, d, "keys", "basic")
		other := dbtest.NewUser(t, d, "other", "basic")
		now := time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)

		if _, ok, err := s.Claim(ctx, user, "k", "fp", now); err != nil || !ok {
			t.Fatalf("first claim: %v %v", ok, err)
		}
		rec, ok, err := s.Claim(ctx, user, "k", "fp", now.Add(time.Second))
		if err != nil || ok || rec.Status != 0 {
			t.Fatalf("second claim while running: claimed=%v status=%d err=%v", ok, rec.Status, err)
		}
		// Another user's same key is their own.
		if _, ok, err := s.Claim(ctx, other, "k", "fp", now); err != nil || !ok {
			t.Fatalf("other user's claim: %v %v", ok, err)
		}
		if err := s.Complete(ctx, user, "k", http.StatusCreated, "application/json", []byte(`{"id":1}`)); err != nil {
			t.Fatal(err)
		}
		rec, ok, err = s.Claim(ctx, user, "k", "fp", now.Add(time.Minute))
		if err != nil || ok || rec.Status != http.StatusCreated || string(rec.Body) != `{"id":1}` || rec.ContentType != "application/json" {
			t.Fatalf("replay record: %+v claimed=%v err=%v", rec, ok, err)
		}
		// Release frees a running key only.
		if err := s.Release(ctx, user, "k"); err != nil {
			t.Fatal(err)
		}
		if _, ok, _ := s.Claim(ctx, user, "k", "fp", now.Add(2*time.Minute)); ok {
			t.Fatal("release forgot a finished key")
		}
		if err := s.Release(ctx, other, "k"); err != nil {
			t.Fatal(err)
		}
		if _, ok, _ := s.Claim(ctx, other, "k", "fp", now.Add(time.Second)); !ok {
			t.Fatal("a released key is not free")
		}
		// A running key left by a stopped server is taken over after Abandoned, by the same request only.
		if _, ok, _ := s.Claim(ctx, other, "k", "other-fp", now.Add(Abandoned+time.Minute)); ok {
			t.Fatal("an abandoned key was taken by a different request")
		}
		if _, ok, _ := s.Claim(ctx, other, "k", "fp", now.Add(Abandoned+time.Minute)); !ok {
			t.Fatal("an abandoned key was not taken over")
		}
		// Expired keys are forgotten on claim and purged.
		later := now.Add(KeepFor + time.Minute)
		if n, err := s.Purge(ctx, later); err != nil || n != 1 {
			t.Fatalf("purged %d (%v), want 1 (the other user's key is newer)", n, err)
		}
		if _, ok, _ := s.Claim(ctx, user, "k", "new-fp", later); !ok {
			t.Fatal("an expired key was not free")
		}
	})
}

func TestKeepAndValidKey(t *testing.T) {
	for status, want := range map[int]bool{200: true, 201: true, 204: true, 400: true, 404: true, 409: true, 401: false, 429: false, 500: false, 503: false} {
		if keep(status) != want {
			t.Errorf("keep(%d) = %v", status, !want)
		}
	}
	for key, want := range map[string]bool{"": false, "a": true, "0f8fad5b-d9cb-469f-a165-70867728950e": true, "a b": false, "a/b": false} {
		if validKey(key) != want {
			t.Errorf("validKey(%q) = %v", key, !want)
		}
	}
}
