// Package pushtest is a local Web Push service for tests: it hands out
// browser-like subscriptions, checks each push's VAPID signature (RFC 8292)
// and decrypts its payload (RFC 8291, aes128gcm) with the subscription's
// private key, as a browser would.
package pushtest

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// Push is one message as the browser would read it.
type Push struct {
	Endpoint string
	Payload  []byte // decrypted
	// VAPIDKey is the server's public key the push was signed with.
	VAPIDKey string
	TTL      string
	Topic    string
}

// Service is the local push service.
type Service struct {
	t      testing.TB
	server *httptest.Server

	mu     sync.Mutex
	n      int
	subs   map[string]browser // by endpoint path
	gone   map[string]bool
	fail   map[string]int // answers 503 this many more times
	pushes chan Push
}

// browser is a subscription's private half.
type browser struct {
	key    *ecdh.PrivateKey
	secret []byte
}

// Subscription is a browser's PushSubscription.toJSON().
type Subscription struct {
	Endpoint string `json:"endpoint"`
	Keys     struct {
		P256dh string `json:"p256dh"`
		Auth   string `json:"auth"`
	} `json:"keys"`
}

// New starts a push service on 127.0.0.1; it stops with the test.
func New(t testing.TB) *Service {
	s := &Service{t: t, subs: map[string]browser{}, gone: map[string]bool{}, fail: map[string]int{}, pushes: make(chan Push, 64)}
	s.server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.server.Close)
	return s
}

// Subscribe makes a new browser subscription.
func (s *Service) Subscribe() Subscription {
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		s.t.Fatal(err)
	}
	secret := make([]byte, 16)
	_, _ = rand.Read(secret)
	s.mu.Lock()
	s.n++
	path := fmt.Sprintf("/push/%d", s.n)
	s.subs[path] = browser{key: key, secret: secret}
	s.mu.Unlock()
	var sub Subscription
	sub.Endpoint = s.server.URL + path
	sub.Keys.P256dh = base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes())
	sub.Keys.Auth = base64.RawURLEncoding.EncodeToString(secret)
	return sub
}

// Gone makes the endpoint answer 410 from now on (the browser unsubscribed).
func (s *Service) Gone(endpoint string) {
	s.mu.Lock()
	s.gone[strings.TrimPrefix(endpoint, s.server.URL)] = true
	s.mu.Unlock()
}

// Fail makes the endpoint answer 503 to its next n pushes (the push
// service is down for a while).
func (s *Service) Fail(endpoint string, n int) {
	s.mu.Lock()
	s.fail[strings.TrimPrefix(endpoint, s.server.URL)] = n
	s.mu.Unlock()
}

// Next is the next push received, or an error after within.
func (s *Service) Next(within time.Duration) (Push, error) {
	select {
	case p := <-s.pushes:
		return p, nil
	case <-time.After(within):
		return Push{}, errors.New("pushtest: no push received")
	}
}

func (s *Service) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	b, ok := s.subs[r.URL.Path]
	gone := s.gone[r.URL.Path]
	down := s.fail[r.URL.Path] > 0
	if down {
		s.fail[r.URL.Path]--
	}
	s.mu.Unlock()
	if down {
		http.Error(w, "try again later", http.StatusServiceUnavailable)
		return
	}
	if !ok || gone {
		http.Error(w, "no such subscription", http.StatusGone)
		return
	}
	vapidKey, err := checkVAPID(r.Header.Get("Authorization"), s.server.URL)
	if err != nil {
		http.Error(w, err.Error(), http.StatusUnauthorized)
		return
	}
	if r.Header.Get("Content-Encoding") != "aes128gcm" {
		http.Error(w, "want aes128gcm", http.StatusBadRequest)
		return
	}
	body, _ := io.ReadAll(io.LimitReader(r.Body, 8192))
	payload, err := decrypt(body, b)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	s.pushes <- Push{Endpoint: s.server.URL + r.URL.Path, Payload: payload, VAPIDKey: vapidKey, TTL: r.Header.Get("TTL"), Topic: r.Header.Get("Topic")}
	w.WriteHeader(http.StatusCreated)
}

// checkVAPID verifies "vapid t=<JWT>, k=<public key>": an ES256 JWT signed by
// k, for this push service's origin, not expired. It returns k.
func checkVAPID(header, origin string) (string, error) {
	rest, ok := strings.CutPrefix(header, "vapid ")
	if !ok {
		return "", errors.New("no vapid authorization")
	}
	var token, key string
	for _, part := range strings.Split(rest, ",") {
		part = strings.TrimSpace(part)
		if v, ok := strings.CutPrefix(part, "t="); ok {
			token = v
		} else if v, ok := strings.CutPrefix(part, "k="); ok {
			key = v
		}
	}
	raw, err := base64.RawURLEncoding.DecodeString(key)
	if err != nil {
		return "", err
	}
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), raw)
	if err != nil {
		return "", err
	}
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return "", errors.New("bad jwt")
	}
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil || len(sig) != 64 {
		return "", errors.New("bad jwt signature")
	}
	digest := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if !ecdsa.Verify(pub, digest[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		return "", errors.New("vapid signature does not verify")
	}
	claimsJSON, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return "", err
	}
	var claims struct {
		Aud string `json:"aud"`
		Exp int64  `json:"exp"`
		Sub string `json:"sub"`
	}
	if err := json.Unmarshal(claimsJSON, &claims); err != nil {
		return "", err
	}
	if claims.Aud != origin || claims.Exp < time.Now().Unix() || claims.Sub == "" {
		return "", fmt.Errorf("vapid claims %+v", claims)
	}
	return key, nil
}

// decrypt reads an aes128gcm body (RFC 8188 header: salt, record size, key
// id = the server's ephemeral public key) with the browser's keys (RFC 8291).
func decrypt(body []byte, b browser) ([]byte, error) {
	if len(body) < 21 {
		return nil, errors.New("short body")
	}
	salt, idLen := body[:16], int(body[20])
	_ = binary.BigEndian.Uint32(body[16:20]) // record size: one record here
	if len(body) < 21+idLen {
		return nil, errors.New("short header")
	}
	serverPub, err := ecdh.P256().NewPublicKey(body[21 : 21+idLen])
	if err != nil {
		return nil, err
	}
	shared, err := b.key.ECDH(serverPub)
	if err != nil {
		return nil, err
	}
	keyInfo := append(append([]byte("WebPush: info\x00"), b.key.PublicKey().Bytes()...), serverPub.Bytes()...)
	prkKey, err := hkdf.Extract(sha256.New, shared, b.secret)
	if err != nil {
		return nil, err
	}
	ikm, err := hkdf.Expand(sha256.New, prkKey, string(keyInfo), 32)
	if err != nil {
		return nil, err
	}
	prk, err := hkdf.Extract(sha256.New, ikm, salt)
	if err != nil {
		return nil, err
	}
	cek, err := hkdf.Expand(sha256.New, prk, "Content-Encoding: aes128gcm\x00", 16)
	if err != nil {
		return nil, err
	}
	nonce, err := hkdf.Expand(sha256.New, prk, "Content-Encoding: nonce\x00", 12)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	plain, err := gcm.Open(nil, nonce, body[21+idLen:], nil)
	if err != nil {
		return nil, err
	}
	// The last record ends with the delimiter 0x02, then padding zeros.
	plain = bytes.TrimRight(plain, "\x00")
	if len(plain) == 0 || plain[len(plain)-1] != 2 {
		return nil, errors.New("no last-record delimiter")
	}
	return plain[:len(plain)-1], nil
}
