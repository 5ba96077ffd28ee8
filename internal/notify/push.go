package notify

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"
)

// ErrGone is a subscription the push service no longer knows (404, 410):
// the browser unsubscribed or the user revoked the permission.
var ErrGone = errors.New("notify: push subscription gone")

// PushHosts are the push services of the browsers in use. A subscription
// elsewhere is refused: the server must not be made to POST to any address
// a user names (docs/notifications.md#push).
var PushHosts = []string{"fcm.googleapis.com", "updates.push.services.mozilla.com", "web.push.apple.com",
	"*.push.apple.com", "*.notify.windows.com"}

// PushConfig is what a Pusher needs.
type PushConfig struct {
	// PublicKey and PrivateKey are the VAPID keys (base64url); empty keys are
	// generated once and kept in the database, shared by every instance.
	PublicKey, PrivateKey string
	// Subject is the VAPID contact, "mailto:..." or an https URL.
	Subject string
	// ExtraHosts are more push hosts, reached over http or https (a local
	// push service in tests).
	ExtraHosts []string
}

// Pusher sends Web Push messages (RFC 8030, payloads encrypted per RFC 8291,
// VAPID per RFC 8292) with webpush-go.
type Pusher struct {
	store  *Store
	cfg    PushConfig
	client *http.Client

	mu        sync.Mutex
	pub, priv string
}

// NewPusher returns the sender.
func NewPusher(store *Store, cfg PushConfig) *Pusher {
	return &Pusher{store: store, cfg: cfg, pub: cfg.PublicKey, priv: cfg.PrivateKey, client: &http.Client{
		Timeout: 10 * time.Second,
		// A push service answers; it never sends the server elsewhere.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// keys are the VAPID keys: configured, or the stored ones.
func (p *Pusher) keys(ctx context.Context) (string, string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.pub != "" {
		return p.pub, p.priv, nil
	}
	pub, priv, err := p.store.VAPIDKeys(ctx, func() (string, string, error) {
		priv, pub, err := webpush.GenerateVAPIDKeys()
		return pub, priv, err
	})
	if err != nil {
		return "", "", err
	}
	p.pub, p.priv = pub, priv
	return pub, priv, nil
}

// PublicKey is the VAPID public key browsers subscribe with.
func (p *Pusher) PublicKey(ctx context.Context) (string, error) {
	pub, _, err := p.keys(ctx)
	return pub, err
}

// Allowed reports whether endpoint is a push service's address.
func (p *Pusher) Allowed(endpoint string) bool {
	u, err := url.Parse(endpoint)
	if err != nil || u.User != nil || u.Host == "" {
		return false
	}
	host := u.Hostname()
	for _, h := range p.cfg.ExtraHosts {
		if strings.EqualFold(h, host) && (u.Scheme == "https" || u.Scheme == "http") {
			return true
		}
	}
	if u.Scheme != "https" || net.ParseIP(host) != nil {
		return false
	}
	for _, h := range PushHosts {
		if strings.EqualFold(h, host) || (strings.HasPrefix(h, "*.") && strings.HasSuffix(strings.ToLower(host), h[1:])) {
			return true
		}
	}
	return false
}

// Send encrypts m for sub and posts it to sub's push service.
func (p *Pusher) Send(ctx context.Context, sub Subscription, m Message) error {
	if !p.Allowed(sub.Endpoint) {
		return ErrGone
	}
	pub, priv, err := p.keys(ctx)
	if err != nil {
		return err
	}
	payload, err := json.Marshal(m)
	if err != nil {
		return err
	}
	res, err := webpush.SendNotificationWithContext(ctx, payload, &webpush.Subscription{Endpoint: sub.Endpoint,
		Keys: webpush.Keys{P256dh: sub.P256dh, Auth: sub.Auth}}, &webpush.Options{
		HTTPClient: p.client, Subscriber: p.cfg.Subject, TTL: 24 * 60 * 60, Urgency: webpush.UrgencyNormal,
		Topic: topic(m.Tag), VAPIDPublicKey: pub, VAPIDPrivateKey: priv})
	if err != nil {
		return err
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 4096))
	switch {
	case res.StatusCode == http.StatusNotFound || res.StatusCode == http.StatusGone:
		return ErrGone
	case res.StatusCode >= 300:
		return fmt.Errorf("notify: push service answered %d", res.StatusCode)
	}
	return nil
}

// topic is a tag as a Topic header (RFC 8030 §5.4: at most 32 base64url
// characters): a newer message of the same topic replaces one not yet delivered.
func topic(tag string) string {
	if tag == "" {
		return ""
	}
	t := base64.RawURLEncoding.EncodeToString([]byte(tag))
	if len(t) > 32 {
		t = t[:32]
	}
	return t
}

// validKeys checks a browser's subscription keys: an uncompressed P-256
// point and a 16-byte secret, base64url.
func validKeys(p256dh, auth string) bool {
	key, err1 := decodeB64(p256dh)
	secret, err2 := decodeB64(auth)
	return err1 == nil && err2 == nil && len(key) == 65 && key[0] == 4 && len(secret) == 16
}

func decodeB64(s string) ([]byte, error) {
	s = strings.TrimRight(s, "=")
	if b, err := base64.RawURLEncoding.DecodeString(s); err == nil {
		return b, nil
	}
	return base64.RawStdEncoding.DecodeString(s)
}
