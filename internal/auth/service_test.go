package auth

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"regexp"
	"sync"
	"testing"
	"time"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
	"hyrox/internal/mail"
)

type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

type recordingMailer struct {
	mu   sync.Mutex
	msgs []mail.Message
}

func (m *recordingMailer) Send(_ context.Context, msg mail.Message) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.msgs = append(m.msgs, msg)
	return nil
}

type exporterFunc func(ctx context.Context, userID int64) (any, error)

func (f exporterFunc) ExportUserData(ctx context.Context, userID int64) (any, error) {
	return f(ctx, userID)
}

type closerFunc func(ctx context.Context, userID int64) error

func (f closerFunc) CloseAccount(ctx context.Context, userID int64) error { return f(ctx, userID) }

func newTestService(t *testing.T, d *db.DB) (*Service, *fakeClock, User) {
	clock := &fakeClock{t: time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)}
	svc := NewService(NewStore(d), clock.now)
	u, err := svc.Register(context.Background(), RegisterInput{Username: "Ana", Email: "ana@example.com", Password: "secret1"})
	if err != nil {
		t.Fatal(err)
	}
	return svc, clock, u
}

func TestExportAndDeleteCallEveryArea(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, _, u := newTestService(t, d)
		svc.AddExporter("training", exporterFunc(func(_ context.Context, id int64) (any, error) {
			return map[string]any{"logs": []int64{id}}, nil
		}))
		exp, err := svc.ExportUserData(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if exp.Account.ID != u.ID || exp.Areas["training"] == nil {
			t.Fatalf("export %+v", exp)
		}

		failing := errors.New("billing is down")
		closed := []int64{}
		svc.AddAccountCloser(closerFunc(func(_ context.Context, id int64) error { closed = append(closed, id); return failing }))
		if err := svc.DeleteAccount(ctx, u.ID, DeleteAccountInput{Password: "secret1"}); !errors.Is(err, failing) {
			t.Fatalf("a failing closer stops the deletion: %v", err)
		}
		if _, err := svc.User(ctx, u.ID); err != nil {
			t.Fatal("the user must still exist")
		}
		svc.hooks.closers = []AccountCloser{closerFunc(func(_ context.Context, id int64) error { closed = append(closed, id); return nil })}
		if err := svc.DeleteAccount(ctx, u.ID, DeleteAccountInput{Password: "secret1"}); err != nil {
			t.Fatal(err)
		}
		if len(closed) != 2 || closed[1] != u.ID {
			t.Fatalf("closers: %v", closed)
		}
		if _, err := svc.User(ctx, u.ID); err == nil {
			t.Fatal("the user must be gone")
		}
	})
}

func TestResetTokenIsStoredHashedAndWorksOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, clock, u := newTestService(t, d)
		m := &recordingMailer{}
		svc.UseMail(m, "https://hyrox.example.com/", slog.Default())

		if err := svc.RequestReset(ctx, ResetRequestInput{Email: "nobody@example.com"}); err != nil {
			t.Fatal(err)
		}
		if err := svc.RequestReset(ctx, ResetRequestInput{Email: " ANA@example.com "}); err != nil {
			t.Fatal(err)
		}
		svc.WaitForMail()
		if len(m.msgs) != 1 || m.msgs[0].To != u.Email {
			t.Fatalf("mails: %+v", m.msgs)
		}
		match := regexp.MustCompile(`https://hyrox\.example\.com/password-reset\?token=(\S+)`).FindStringSubmatch(m.msgs[0].Body)
		if match == nil {
			t.Fatalf("body: %s", m.msgs[0].Body)
		}
		token := match[1]
		var stored string
		if err := d.QueryRow(ctx, `SELECT token_hash FROM password_resets WHERE user_id = ?`, u.ID).Scan(&stored); err != nil {
			t.Fatal(err)
		}
		if stored == token || stored != hashToken(token) {
			t.Fatal("only the token's hash is stored")
		}
		clock.t = clock.t.Add(59 * time.Minute)
		if err := svc.ConfirmReset(ctx, ResetConfirmInput{Token: token, NewPassword: "brandnew"}); err != nil {
			t.Fatal(err)
		}
		if err := svc.ConfirmReset(ctx, ResetConfirmInput{Token: token, NewPassword: "again11"}); err != errBadResetToken {
			t.Fatalf("second use: %v", err)
		}
		if _, err := svc.Login(ctx, LoginInput{Username: "ana", Password: "brandnew"}); err != nil {
			t.Fatal(err)
		}
	})
}

func TestLogSenderShowsTheResetTokenWithoutSMTP(t *testing.T) {
	d := dbtest.OpenSQLite(t)
	svc, _, _ := newTestService(t, d)
	var buf bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&buf, nil))
	svc.UseMail(mail.New(mail.Config{}, logger), "http://localhost:8080", logger)
	if err := svc.RequestReset(context.Background(), ResetRequestInput{Email: "ana@example.com"}); err != nil {
		t.Fatal(err)
	}
	svc.WaitForMail()
	if !regexp.MustCompile(`password-reset\?token=[A-Za-z0-9_-]{43}`).Match(buf.Bytes()) {
		t.Fatalf("log: %s", buf.String())
	}
}
