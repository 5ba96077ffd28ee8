package auth

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

// Many simultaneous logins never run more argon2id hashes at once than the
// gate has slots (each holds 19 MiB); those that wait too long get a clear 503.
func TestConcurrentPasswordHashingIsCapped(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		svc, _, _ := newTestService(t, d)
		svc.hashes = &hashGate{slots: make(chan struct{}, 2), wait: 150 * time.Millisecond}
		var wg sync.WaitGroup
		var mu sync.Mutex
		results := map[string]int{}
		for i := range 24 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				name := "ana"
				if i%2 == 1 {
					name = "nobody" // the dummy check of an unknown name is gated too
				}
				_, err := svc.Login(context.Background(), LoginInput{Username: name, Password: "secret1"})
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil || errors.Is(err, errBadLogin):
					results["answered"]++
				case apperr.As(err).Code == apperr.CodeUnavailable:
					results["busy"]++
					if apperr.As(err).Message != "The server is busy checking passwords. Please try again in a moment." {
						t.Errorf("busy message: %v", err)
					}
				default:
					t.Errorf("login: %v", err)
				}
			}()
		}
		wg.Wait()
		if peak := svc.hashes.peak.Load(); peak > 2 || peak < 1 {
			t.Fatalf("%d hashes ran at once, want at most 2", peak)
		}
		if results["answered"] == 0 || results["busy"] == 0 {
			t.Fatalf("want some answers and some busy refusals with a 150 ms wait: %v", results)
		}
	})
}

// Registration hashes before it looks for a duplicate, and reset-confirm
// before it looks up the token: both go through the gate too.
func TestRegisterAndResetConfirmWaitForTheGate(t *testing.T) {
	d := dbtest.OpenSQLite(t)
	svc, _, _ := newTestService(t, d)
	svc.hashes = &hashGate{slots: make(chan struct{}, 1), wait: 20 * time.Millisecond}
	svc.hashes.slots <- struct{}{} // the only slot is taken
	_, err := svc.Register(context.Background(), RegisterInput{Username: "ana", Email: "ana@example.com", Password: "secret1"})
	if apperr.As(err).Code != apperr.CodeUnavailable {
		t.Errorf("register (a duplicate) while busy: %v", err)
	}
	err = svc.ConfirmReset(context.Background(), ResetConfirmInput{Token: "unknown", NewPassword: "secret2"})
	if apperr.As(err).Code != apperr.CodeUnavailable {
		t.Errorf("reset-confirm while busy: %v", err)
	}
	err = svc.ChangePassword(context.Background(), 1, "", PasswordChangeInput{CurrentPassword: "secret1", NewPassword: "secret2"})
	if apperr.As(err).Code != apperr.CodeUnavailable {
		t.Errorf("password change while busy: %v", err)
	}
}
