package mail_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"strings"
	"testing"
	"time"

	"hyrox/internal/mail"
	"hyrox/internal/mail/mailtest"
)

func TestSMTPSenderDeliversPlain(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{})
	s := mail.New(mail.Config{Host: srv.Host, Port: srv.Port, From: "HYROX <no-reply@hyrox.test>"}, slog.Default())
	if _, ok := s.(*mail.SMTPSender); !ok {
		t.Fatalf("SMTP_HOST set: want an SMTP sender, got %T", s)
	}
	err := s.Send(context.Background(), mail.Message{To: "ana@example.com", Subject: "Réinitialiser", Body: "Hello\n.dotted line\nhttp://x/?token=abc"})
	if err != nil {
		t.Fatal(err)
	}
	m := srv.Wait(t, 5*time.Second)
	if m.From != "no-reply@hyrox.test" || len(m.To) != 1 || m.To[0] != "ana@example.com" || m.TLS {
		t.Fatalf("envelope: %+v", m)
	}
	body := m.Body()
	if !strings.Contains(body, "Hello\r\n.dotted line\r\nhttp://x/?token=abc") {
		t.Fatalf("body %q", body)
	}
	if !strings.Contains(m.Header("Subject"), "=?utf-8?") {
		t.Errorf("non-ASCII subject must be encoded: %q", m.Header("Subject"))
	}
}

func TestSMTPSenderUsesStartTLSAndAuth(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{StartTLS: true, Username: "mailer", Password: "s3cret"})
	s := &mail.SMTPSender{Config: mail.Config{Host: srv.Host, Port: srv.Port, Username: "mailer", Password: "s3cret", From: "no-reply@hyrox.test"},
		TLSConfig: srv.ClientTLS}
	if err := s.Send(context.Background(), mail.Message{To: "bo@example.com", Subject: "Hi", Body: "secret link"}); err != nil {
		t.Fatal(err)
	}
	m := srv.Wait(t, 5*time.Second)
	if !m.TLS || m.AuthUser != "mailer" {
		t.Fatalf("want STARTTLS and AUTH: %+v", m)
	}

	bad := &mail.SMTPSender{Config: mail.Config{Host: srv.Host, Port: srv.Port, Username: "mailer", Password: "wrong", From: "no-reply@hyrox.test"},
		TLSConfig: srv.ClientTLS}
	if err := bad.Send(context.Background(), mail.Message{To: "bo@example.com", Subject: "Hi", Body: "x"}); err == nil {
		t.Fatal("wrong SMTP password must fail")
	}
	untrusted := &mail.SMTPSender{Config: mail.Config{Host: srv.Host, Port: srv.Port, From: "no-reply@hyrox.test"}}
	if err := untrusted.Send(context.Background(), mail.Message{To: "bo@example.com", Subject: "Hi", Body: "x"}); err == nil {
		t.Fatal("an untrusted certificate must fail")
	}
}

func TestSMTPSenderRejectsHeaderInjection(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{})
	s := mail.New(mail.Config{Host: srv.Host, Port: srv.Port, From: "no-reply@hyrox.test"}, slog.Default())
	if err := s.Send(context.Background(), mail.Message{To: "a@example.com", Subject: "x\r\nBcc: evil@example.com", Body: "x"}); err == nil {
		t.Fatal("a subject with a line break must be refused")
	}
	if err := s.Send(context.Background(), mail.Message{To: "a@example.com\r\nBcc: evil@example.com", Subject: "x", Body: "x"}); err == nil {
		t.Fatal("a recipient with a line break must be refused")
	}
}

func TestLogSenderWritesTheMessageToTheLog(t *testing.T) {
	var buf bytes.Buffer
	s := mail.New(mail.Config{}, slog.New(slog.NewTextHandler(&buf, nil)))
	if err := s.Send(context.Background(), mail.Message{To: "a@example.com", Subject: "Reset", Body: "token=abc123"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "token=abc123") || !strings.Contains(buf.String(), "a@example.com") {
		t.Fatalf("log: %s", buf.String())
	}
}

func TestSMTPSenderWritesExtraHeaders(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{})
	s := mail.New(mail.Config{Host: srv.Host, Port: srv.Port, From: "no-reply@hyrox.test"}, slog.Default())
	unsub := "<https://hyrox.example/api/newsletter/unsubscribe?token=abc>"
	err := s.Send(context.Background(), mail.Message{To: "a@example.com", Subject: "x", Body: "x", Headers: []mail.Header{
		{Name: "List-Unsubscribe", Value: unsub},
		{Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	m := srv.Wait(t, 5*time.Second)
	if m.Header("List-Unsubscribe") != unsub || m.Header("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
		t.Fatalf("extra headers: %q", m.Data)
	}
	for _, bad := range []mail.Header{{Name: "X-A", Value: "v\r\nBcc: evil@example.com"}, {Name: "Bcc: evil@example.com\r\nX", Value: "v"}, {Name: "", Value: "v"}} {
		if err := s.Send(context.Background(), mail.Message{To: "a@example.com", Subject: "x", Body: "x", Headers: []mail.Header{bad}}); err == nil {
			t.Errorf("header %q must be refused", bad.Name)
		}
	}
}

func TestSMTPSenderSendsAttachments(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{})
	s := mail.New(mail.Config{Host: srv.Host, Port: srv.Port, From: "no-reply@hyrox.test"}, slog.Default())
	ics := "BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nSUMMARY:Caf\u00e9\r\nEND:VCALENDAR\r\n"
	err := s.Send(context.Background(), mail.Message{To: "a@example.com", Subject: "Invite", Body: "See you\n.then",
		Attachments: []mail.Attachment{{Filename: "invite.ics", ContentType: "text/calendar; charset=utf-8; method=REQUEST", Data: []byte(ics)}}})
	if err != nil {
		t.Fatal(err)
	}
	m := srv.Wait(t, 5*time.Second)
	mt, params, err := mime.ParseMediaType(m.Header("Content-Type"))
	if err != nil || mt != "multipart/mixed" {
		t.Fatalf("content type %q: %v", m.Header("Content-Type"), err)
	}
	r := multipart.NewReader(strings.NewReader(m.Body()), params["boundary"])
	text, err := r.NextPart()
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := io.ReadAll(text)
	if !strings.HasPrefix(text.Header.Get("Content-Type"), "text/plain") || !strings.Contains(string(tb), "See you\r\n.then") {
		t.Fatalf("text part %q: %q", text.Header, tb)
	}
	att, err := r.NextPart()
	if err != nil {
		t.Fatal(err)
	}
	if att.FileName() != "invite.ics" {
		t.Errorf("file name %q", att.FileName())
	}
	amt, aparams, _ := mime.ParseMediaType(att.Header.Get("Content-Type"))
	if amt != "text/calendar" || aparams["method"] != "REQUEST" {
		t.Errorf("attachment type %q", att.Header.Get("Content-Type"))
	}
	raw, _ := io.ReadAll(att)
	data, err := base64.StdEncoding.DecodeString(strings.ReplaceAll(string(raw), "\r\n", ""))
	if err != nil || string(data) != ics {
		t.Fatalf("attachment %q (%v)", data, err)
	}
	if _, err := r.NextPart(); err != io.EOF {
		t.Errorf("want two parts, then the end: %v", err)
	}

	for _, bad := range []mail.Attachment{
		{Filename: "a.ics\r\nBcc: evil@example.com", ContentType: "text/calendar", Data: []byte("x")},
		{Filename: "a.ics", ContentType: "text/calendar\r\nBcc: evil@example.com", Data: []byte("x")},
		{Filename: "a.ics", ContentType: "not a type;;", Data: []byte("x")},
		{Filename: "", ContentType: "text/calendar", Data: []byte("x")},
	} {
		if err := s.Send(context.Background(), mail.Message{To: "a@example.com", Subject: "x", Body: "x", Attachments: []mail.Attachment{bad}}); err == nil {
			t.Errorf("attachment %q / %q must be refused", bad.Filename, bad.ContentType)
		}
	}
}
