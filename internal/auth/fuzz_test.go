package auth

import (
	"bytes"
	"testing"

	"hyrox/internal/apperr"
	"hyrox/internal/httpx"
)

// validator is every request body of the auth endpoints.
type validator interface{ Validate() error }

// fuzzDecode feeds bytes through the same decode and validate path the
// handlers use; it must never panic, and an accepted body must be in range.
func fuzzDecode[T any, PT interface {
	*T
	validator
}](f *testing.F, seeds ...string) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var in T
		if err := httpx.DecodeJSONBytes(bytes.NewReader(data), &in); err != nil {
			if apperr.As(err).Code == apperr.CodeInternal {
				t.Fatalf("decode error is internal: %v", err)
			}
			return
		}
		if err := PT(&in).Validate(); err != nil && apperr.As(err).Code != apperr.CodeInvalid {
			t.Fatalf("validation must answer 400: %v", err)
		}
	})
}

func FuzzRegisterInput(f *testing.F) {
	fuzzDecode[RegisterInput](f, `{"username":"ana","email":"a@b.co","password":"secret1"}`, `{"username":5}`, `{}`, `[]`, `{"email":"\u0000@x.y"}`)
}

func FuzzLoginInput(f *testing.F) {
	fuzzDecode[LoginInput](f, `{"username":"ana","password":"secret1"}`, `{"username":null}`, `{}`)
}

func FuzzResetRequestInput(f *testing.F) {
	fuzzDecode[ResetRequestInput](f, `{"email":"a@b.co"}`, `{"email":"\"a b\"@c.de"}`, `{"email":""}`)
}

func FuzzResetConfirmInput(f *testing.F) {
	fuzzDecode[ResetConfirmInput](f, `{"token":"abc","newPassword":"secret1"}`, `{"token":" "}`, `{}`)
}

func FuzzProfileInput(f *testing.F) {
	fuzzDecode[ProfileInput](f, `{"username":"ana"}`, `{"email":"a@b.co"}`, `{"username":null,"email":null}`, `{}`)
}

func FuzzPasswordChangeInput(f *testing.F) {
	fuzzDecode[PasswordChangeInput](f, `{"currentPassword":"a","newPassword":"secret1"}`, `{}`)
}

func FuzzDeleteAccountInput(f *testing.F) {
	fuzzDecode[DeleteAccountInput](f, `{"password":"secret1"}`, `{"password":1}`)
}

// FuzzCheckPassword parses stored hashes: a corrupt one is an error, never a panic.
func FuzzCheckPassword(f *testing.F) {
	f.Add("$argon2id$v=19$m=16,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA", "pw")
	f.Add("$argon2id$v=19$m=0,t=0,p=0$$", "")
	f.Fuzz(func(t *testing.T, encoded, password string) {
		if len(encoded) > 200 {
			return
		}
		_, _ = CheckPassword(encoded, password)
	})
}
