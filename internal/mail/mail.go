// Package mail sends the app's e-mails: over SMTP when SMTP_HOST is set,
// otherwise into the server log (so a local run shows reset links there).
package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"mime"
	"net"
	"net/mail"
	"net/smtp"
	"strconv"
	"strings"
	"time"
)

// Message is one plain-text e-mail.
type Message struct {
	To      string
	Subject string
	Body    string
	// Headers are extra header fields, in order (for example List-Unsubscribe
	// and List-Unsubscribe-Post on the newsletter, RFC 2369 and RFC 8058).
	Headers []Header
	// Attachments travel after the body in a multipart/mixed message
	// (for example a calendar invitation, text/calendar).
	Attachments []Attachment
}

// Header is one extra header field of a Message.
type Header struct{ Name, Value string }

// Attachment is one file sent with a Message. ContentType is a media type
// with parameters ("text/calendar; charset=utf-8; method=REQUEST").
type Attachment struct {
	Filename    string
	ContentType string
	Data        []byte
}

// Sender delivers messages.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// Config is what New needs (filled from config.Config's SMTP_* settings).
type Config struct {
	Host     string
	Port     int
	Username string
	Password string
	From     string
}

// New returns an SMTP sender when cfg.Host is set, else a log sender.
func New(cfg Config, logger *slog.Logger) Sender {
	if cfg.Host == "" {
		return &LogSender{Logger: logger}
	}
	return &SMTPSender{Config: cfg}
}

// LogSender writes every message, body included, to the log. It is meant for
// local runs and demos: the body holds reset links and tokens.
type LogSender struct {
	Logger *slog.Logger
}

func (s *LogSender) Send(ctx context.Context, m Message) error {
	attrs := []any{"to", m.To, "subject", m.Subject, "body", m.Body}
	for _, h := range m.Headers {
		attrs = append(attrs, "header."+h.Name, h.Value)
	}
	for _, a := range m.Attachments {
		attrs = append(attrs, "attachment."+a.Filename, string(a.Data))
	}
	s.Logger.InfoContext(ctx, "e-mail (not sent: SMTP_HOST is unset)", attrs...)
	return nil
}

// SMTPSender delivers over SMTP with net/smtp, upgrading with STARTTLS when
// the server offers it and authenticating (PLAIN) when a username is set.
type SMTPSender struct {
	Config Config
	// TLSConfig overrides the STARTTLS settings (tests trust their own CA).
	TLSConfig *tls.Config
	// Timeout bounds one delivery (default 20 seconds).
	Timeout time.Duration
}

func (s *SMTPSender) Send(ctx context.Context, m Message) error {
	from, err := mail.ParseAddress(s.Config.From)
	if err != nil {
		return fmt.Errorf("mail: SMTP_FROM %q: %w", s.Config.From, err)
	}
	to, err := mail.ParseAddress(m.To)
	if err != nil {
		return fmt.Errorf("mail: recipient: %w", err)
	}
	msg, err := compose(from, to, m)
	if err != nil {
		return err
	}
	timeout := s.Timeout
	if timeout == 0 {
		timeout = 20 * time.Second
	}
	deadline := time.Now().Add(timeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	addr := net.JoinHostPort(s.Config.Host, strconv.Itoa(s.Config.Port))
	dialer := net.Dialer{Deadline: deadline}
	conn, err := dialer.DialContext(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("mail: dial %s: %w", addr, err)
	}
	_ = conn.SetDeadline(deadline)
	c, err := smtp.NewClient(conn, s.Config.Host)
	if err != nil {
		conn.Close()
		return fmt.Errorf("mail: %w", err)
	}
	defer c.Close()
	if err := c.Hello("localhost"); err != nil {
		return fmt.Errorf("mail: HELO: %w", err)
	}
	if ok, _ := c.Extension("STARTTLS"); ok {
		tc := s.TLSConfig
		if tc == nil {
			tc = &tls.Config{ServerName: s.Config.Host, MinVersion: tls.VersionTLS12}
		}
		if err := c.StartTLS(tc); err != nil {
			return fmt.Errorf("mail: STARTTLS: %w", err)
		}
	}
	if s.Config.Username != "" {
		if ok, _ := c.Extension("AUTH"); ok {
			if err := c.Auth(smtp.PlainAuth("", s.Config.Username, s.Config.Password, s.Config.Host)); err != nil {
				return fmt.Errorf("mail: AUTH: %w", err)
			}
		}
	}
	if err := c.Mail(from.Address); err != nil {
		return fmt.Errorf("mail: MAIL FROM: %w", err)
	}
	if err := c.Rcpt(to.Address); err != nil {
		return fmt.Errorf("mail: RCPT TO: %w", err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("mail: DATA: %w", err)
	}
	if _, err := w.Write(msg); err != nil {
		return fmt.Errorf("mail: DATA: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("mail: DATA: %w", err)
	}
	return c.Quit()
}

// compose builds the RFC 5322 message with CRLF line ends.
func compose(from, to *mail.Address, m Message) ([]byte, error) {
	if strings.ContainsAny(m.Subject, "\r\n") {
		return nil, errors.New("mail: subject must be one line")
	}
	for _, h := range m.Headers {
		if h.Name == "" || strings.ContainsAny(h.Name, "\r\n: ") || strings.ContainsAny(h.Value, "\r\n") {
			return nil, fmt.Errorf("mail: header %q must be one line with a plain name", h.Name)
		}
	}
	parts, err := attachmentHeaders(m.Attachments)
	if err != nil {
		return nil, err
	}
	var id [12]byte
	_, _ = rand.Read(id[:])
	domain := "localhost"
	if i := strings.LastIndexByte(from.Address, '@'); i >= 0 {
		domain = from.Address[i+1:]
	}
	var b bytes.Buffer
	hdr := func(k, v string) { b.WriteString(k + ": " + v + "\r\n") }
	hdr("From", from.String())
	hdr("To", to.String())
	hdr("Subject", mime.QEncoding.Encode("utf-8", m.Subject))
	hdr("Date", time.Now().UTC().Format(time.RFC1123Z))
	hdr("Message-ID", "<"+hex.EncodeToString(id[:])+"@"+domain+">")
	hdr("MIME-Version", "1.0")
	var boundary string
	if len(parts) > 0 {
		var bnd [16]byte
		_, _ = rand.Read(bnd[:])
		boundary = "hyrox-" + hex.EncodeToString(bnd[:])
		hdr("Content-Type", `multipart/mixed; boundary="`+boundary+`"`)
	} else {
		hdr("Content-Type", `text/plain; charset="utf-8"`)
		hdr("Content-Transfer-Encoding", "8bit")
	}
	for _, h := range m.Headers {
		hdr(h.Name, h.Value)
	}
	b.WriteString("\r\n")
	if len(parts) > 0 {
		b.WriteString("--" + boundary + "\r\n")
		hdr("Content-Type", `text/plain; charset="utf-8"`)
		hdr("Content-Transfer-Encoding", "8bit")
		b.WriteString("\r\n")
	}
	body := strings.ReplaceAll(m.Body, "\r\n", "\n")
	for _, line := range strings.Split(body, "\n") {
		b.WriteString(line + "\r\n")
	}
	for i, a := range m.Attachments {
		b.WriteString("--" + boundary + "\r\n")
		hdr("Content-Type", parts[i].contentType)
		hdr("Content-Disposition", parts[i].disposition)
		hdr("Content-Transfer-Encoding", "base64")
		b.WriteString("\r\n")
		enc := base64.StdEncoding.EncodeToString(a.Data)
		for len(enc) > 76 {
			b.WriteString(enc[:76] + "\r\n")
			enc = enc[76:]
		}
		b.WriteString(enc + "\r\n")
	}
	if len(parts) > 0 {
		b.WriteString("--" + boundary + "--\r\n")
	}
	return b.Bytes(), nil
}

type partHeaders struct{ contentType, disposition string }

// attachmentHeaders builds each attachment's Content-Type and
// Content-Disposition with mime.FormatMediaType, which quotes parameter
// values and refuses what cannot be written safely (a line break in a name
// cannot reach the message as a new header line).
func attachmentHeaders(as []Attachment) ([]partHeaders, error) {
	out := make([]partHeaders, 0, len(as))
	for _, a := range as {
		if a.Filename == "" || strings.ContainsAny(a.Filename, "\r\n\"/\\") || strings.ContainsAny(a.ContentType, "\r\n") {
			return nil, fmt.Errorf("mail: attachment %q must have a plain one-line name and type", a.Filename)
		}
		mt, params, err := mime.ParseMediaType(a.ContentType)
		if err != nil {
			return nil, fmt.Errorf("mail: attachment %q: content type: %w", a.Filename, err)
		}
		params["name"] = a.Filename
		ct := mime.FormatMediaType(mt, params)
		cd := mime.FormatMediaType("attachment", map[string]string{"filename": a.Filename})
		if ct == "" || cd == "" {
			return nil, fmt.Errorf("mail: attachment %q cannot be written as a header", a.Filename)
		}
		out = append(out, partHeaders{contentType: ct, disposition: cd})
	}
	return out, nil
}
