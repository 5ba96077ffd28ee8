package auth

import (
	"runtime"
	"strings"
	"testing"
)

func TestHashAndCheckPassword(t *testing.T) {
	h, err := HashPassword("secret123")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash %q", h)
	}
	if ok, err := CheckPassword(h, "secret123"); !ok || err != nil {
		t.Fatalf("right password: %v %v", ok, err)
	}
	if ok, _ := CheckPassword(h, "secret124"); ok {
		t.Fatal("wrong password accepted")
	}
	h2, _ := HashPassword("secret123")
	if h == h2 {
		t.Fatal("salts must differ")
	}
	for _, bad := range []string{"", "plain", "$argon2i$v=19$m=1,t=1,p=1$aa$bb", "$argon2id$v=19$m=1,t=1,p=1$!!$bb"} {
		if _, err := CheckPassword(bad, "x"); err == nil {
			t.Errorf("%q must be refused", bad)
		}
	}
}

// BenchmarkHashPassword measures one argon2id hash with the chosen parameters.
func BenchmarkHashPassword(b *testing.B) {
	for b.Loop() {
		if _, err := HashPassword("correct horse battery staple"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLogin measures what a login costs the server: one argon2id
// verification. Run with -cpu 1: logins/s/core is how many password checks one
// core finishes per second (run it with -cpu N and RunParallel to see scaling).
func BenchmarkLogin(b *testing.B) {
	h, err := HashPassword("correct horse battery staple")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if ok, _ := CheckPassword(h, "correct horse battery staple"); !ok {
				b.Fatal("password mismatch")
			}
		}
	})
	perSec := float64(b.N) / b.Elapsed().Seconds()
	b.ReportMetric(perSec/float64(runtime.GOMAXPROCS(0)), "logins/s/core")
	b.ReportMetric(perSec, "logins/s")
}
