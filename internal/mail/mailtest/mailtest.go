// Package mailtest runs a tiny SMTP server on 127.0.0.1 for tests: it speaks
// EHLO, STARTTLS (optional), AUTH PLAIN, MAIL, RCPT, DATA, RSET, NOOP and QUIT,
// and hands every received message to the test.
package mailtest

import (
	"bufio"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"math/big"
	"net"
	"net/mail"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Received is one delivered message.
type Received struct {
	From     string
	To       []string
	Data     string // the raw message as sent after DATA (dot-unstuffed)
	TLS      bool   // the session was upgraded with STARTTLS
	AuthUser string
}

// Body parses the message and returns its body.
func (r Received) Body() string {
	m, err := mail.ReadMessage(strings.NewReader(r.Data))
	if err != nil {
		return ""
	}
	var b strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := m.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return b.String()
}

// Header returns one header of the message.
func (r Received) Header(name string) string {
	m, err := mail.ReadMessage(strings.NewReader(r.Data))
	if err != nil {
		return ""
	}
	return m.Header.Get(name)
}

// Options configure the server.
type Options struct {
	// StartTLS offers STARTTLS with a self-signed certificate for 127.0.0.1.
	StartTLS bool
	// Username and Password, when set, are required through AUTH PLAIN.
	Username, Password string
}

// Server is a running test SMTP server.
type Server struct {
	Host     string
	Port     int
	Messages chan Received
	// ClientTLS trusts the server's certificate (when StartTLS is on).
	ClientTLS *tls.Config

	opts   Options
	ln     net.Listener
	tlsCfg *tls.Config
	wg     sync.WaitGroup
}

// Start listens on 127.0.0.1:0 and stops when the test ends.
func Start(t testing.TB, opts Options) *Server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{Host: "127.0.0.1", Port: ln.Addr().(*net.TCPAddr).Port, Messages: make(chan Received, 16), opts: opts, ln: ln}
	if opts.StartTLS {
		s.tlsCfg, s.ClientTLS = selfSigned(t)
	}
	s.wg.Add(1)
	go s.serve()
	t.Cleanup(func() { ln.Close(); s.wg.Wait() })
	return s
}

// Addr is host:port.
func (s *Server) Addr() string { return net.JoinHostPort(s.Host, strconv.Itoa(s.Port)) }

// Wait returns the next message or fails the test after timeout.
func (s *Server) Wait(t testing.TB, timeout time.Duration) Received {
	t.Helper()
	select {
	case m := <-s.Messages:
		return m
	case <-time.After(timeout):
		t.Fatalf("no e-mail arrived within %v", timeout)
		return Received{}
	}
}

func (s *Server) serve() {
	defer s.wg.Done()
	for {
		conn, err := s.ln.Accept()
		if err != nil {
			return
		}
		s.wg.Add(1)
		go func() { defer s.wg.Done(); s.session(conn) }()
	}
}

func (s *Server) session(conn net.Conn) {
	defer func() { conn.Close() }()
	_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
	r := bufio.NewReader(conn)
	w := bufio.NewWriter(conn)
	reply := func(lines ...string) {
		for _, l := range lines {
			w.WriteString(l + "\r\n")
		}
		w.Flush()
	}
	reply("220 127.0.0.1 ESMTP mailtest")
	var cur Received
	isTLS, authed := false, false
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		line = strings.TrimRight(line, "\r\n")
		verb, arg, _ := strings.Cut(line, " ")
		switch strings.ToUpper(verb) {
		case "EHLO":
			lines := []string{"250-127.0.0.1 hello"}
			if s.tlsCfg != nil && !isTLS {
				lines = append(lines, "250-STARTTLS")
			}
			if s.opts.Username != "" {
				lines = append(lines, "250-AUTH PLAIN")
			}
			reply(append(lines, "250 8BITMIME")...)
		case "HELO":
			reply("250 127.0.0.1")
		case "STARTTLS":
			if s.tlsCfg == nil || isTLS {
				reply("502 not offered")
				continue
			}
			reply("220 go ahead")
			tc := tls.Server(conn, s.tlsCfg)
			if err := tc.Handshake(); err != nil {
				return
			}
			conn, isTLS = tc, true
			r, w = bufio.NewReader(tc), bufio.NewWriter(tc)
			cur = Received{}
		case "AUTH":
			mech, ir, _ := strings.Cut(arg, " ")
			if !strings.EqualFold(mech, "PLAIN") {
				reply("504 unknown mechanism")
				continue
			}
			raw, err := base64.StdEncoding.DecodeString(ir)
			parts := strings.Split(string(raw), "\x00")
			if err != nil || len(parts) != 3 || parts[1] != s.opts.Username || parts[2] != s.opts.Password {
				reply("535 authentication failed")
				continue
			}
			authed = true
			cur.AuthUser = parts[1]
			reply("235 authenticated")
		case "MAIL":
			if s.opts.Username != "" && !authed {
				reply("530 authentication required")
				continue
			}
			cur.From = addrArg(arg)
			reply("250 ok")
		case "RCPT":
			cur.To = append(cur.To, addrArg(arg))
			reply("250 ok")
		case "DATA":
			if cur.From == "" || len(cur.To) == 0 {
				reply("503 need MAIL and RCPT")
				continue
			}
			reply("354 end with .")
			var data strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" || l == ".\n" {
					break
				}
				data.WriteString(strings.TrimPrefix(l, "."))
			}
			cur.Data, cur.TLS = data.String(), isTLS
			s.Messages <- cur
			user := cur.AuthUser
			cur = Received{AuthUser: user}
			reply("250 queued")
		case "RSET":
			cur = Received{AuthUser: cur.AuthUser}
			reply("250 ok")
		case "NOOP":
			reply("250 ok")
		case "QUIT":
			reply("221 bye")
			return
		default:
			reply("502 command not implemented")
		}
	}
}

// addrArg takes the address out of "FROM:<a@b>" or "TO:<a@b> SIZE=..".
func addrArg(arg string) string {
	_, v, _ := strings.Cut(arg, ":")
	v = strings.TrimSpace(v)
	if i := strings.IndexByte(v, '>'); i >= 0 {
		v = v[:i+1]
	}
	return strings.Trim(v, "<>")
}

func selfSigned(t testing.TB) (server, client *tls.Config) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "mailtest"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1")},
		DNSNames:              []string{"localhost"},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	server = &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}, MinVersion: tls.VersionTLS12}
	client = &tls.Config{RootCAs: pool, ServerName: "127.0.0.1", MinVersion: tls.VersionTLS12}
	return server, client
}
