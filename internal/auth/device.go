package auth

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"
	"time"
)

// DeviceCookie marks a browser that has signed in to an account before.
// docs/security.md: a wrong-password flood from elsewhere fills the
// account's login bucket, but never locks the owner out on such a device
// (the per-address limit still applies to it).
const DeviceCookie = "hyrox_device"

// DeviceTTL is how long a browser stays known without signing in again.
const DeviceTTL = 365 * 24 * time.Hour

// DeviceToken proves that this browser signed in to u: "<user id>.<nonce>.<mac>",
// the mac keyed with the account's password hash. That key is secret, the
// same on every instance (it lives in the database) and changes with the
// password, so a password change or reset forgets the devices it knew.
func DeviceToken(u User) string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	nonce := base64.RawURLEncoding.EncodeToString(b[:])
	payload := strconv.FormatInt(u.ID, 10) + "." + nonce
	return payload + "." + deviceMAC(u.PasswordHash, payload)
}

// knownDevice reports whether token is a DeviceToken of u.
func knownDevice(u User, token string) bool {
	i := strings.LastIndexByte(token, '.')
	if i < 0 || len(token) > 200 {
		return false
	}
	payload, mac := token[:i], token[i+1:]
	id, _, _ := strings.Cut(payload, ".")
	if id != strconv.FormatInt(u.ID, 10) {
		return false
	}
	return hmac.Equal([]byte(mac), []byte(deviceMAC(u.PasswordHash, payload)))
}

func deviceMAC(key, payload string) string {
	m := hmac.New(sha256.New, []byte(key))
	m.Write([]byte("hyrox-device:" + payload))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}
