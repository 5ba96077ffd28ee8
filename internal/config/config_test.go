package config

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestDefaultsRunOutOfTheBox(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Port != 8080 || c.DatabaseURL != "sqlite:data/hyrox.db" || c.AppEnv != "development" {
		t.Fatalf("unexpected defaults: %+v", c)
	}
	if c.PaymentProvider != "sandbox" || c.PriceProMonthly == "" {
		t.Fatalf("development should default to the sandbox with price ids: %+v", c)
	}
	if c.SecureCookies() {
		t.Fatal("http public URL must not make cookies Secure")
	}
}

func TestProductionWithoutKeysTurnsPaymentsOff(t *testing.T) {
	c, err := Load(env(map[string]string{"APP_ENV": "production", "PUBLIC_URL": "https://hyrox.example.com"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.PaymentProvider != "none" || c.LogFormat != "json" || !c.SecureCookies() {
		t.Fatalf("got %+v", c)
	}
}

func TestInvalidConfigurationSaysWhatIsWrong(t *testing.T) {
	_, err := Load(env(map[string]string{"PORT": "eighty", "APP_ENV": "staging", "PAYMENT_PROVIDER": "stripe",
		"METRICS_ADDR": "9090", "METRICS_TOKEN": "short"}))
	if err == nil {
		t.Fatal("want an error")
	}
	for _, want := range []string{"PORT", "APP_ENV", "STRIPE_SECRET_KEY", "METRICS_ADDR", "METRICS_TOKEN"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %s", err, want)
		}
	}
}

func TestUsageListsEverySetting(t *testing.T) {
	u := Usage()
	for _, s := range Settings {
		if !strings.Contains(u, s.Name) {
			t.Errorf("usage lacks %s", s.Name)
		}
	}
}

func TestRateLimitsAreOnExceptInTests(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want bool
	}{
		{nil, true},
		{map[string]string{"APP_ENV": "test"}, false},
		{map[string]string{"APP_ENV": "test", "RATE_LIMITS": "on"}, true},
		{map[string]string{"RATE_LIMITS": "off"}, false},
	} {
		c, err := Load(env(tc.env))
		if err != nil || c.RateLimits != tc.want {
			t.Errorf("%v: RateLimits %v, err %v", tc.env, c.RateLimits, err)
		}
	}
	if _, err := Load(env(map[string]string{"RATE_LIMITS": "maybe"})); err == nil || !strings.Contains(err.Error(), "RATE_LIMITS") {
		t.Errorf("a bad RATE_LIMITS must be refused: %v", err)
	}
}

func TestTrustedProxiesAreCIDRs(t *testing.T) {
	c, err := Load(env(map[string]string{"TRUSTED_PROXIES": " 10.0.0.0/8, 127.0.0.1,fd00::/8 ,192.168.1.7/24"}))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range c.TrustedProxies {
		got = append(got, p.String())
	}
	if want := "10.0.0.0/8 127.0.0.1/32 fd00::/8 192.168.1.0/24"; strings.Join(got, " ") != want {
		t.Fatalf("got %v, want %s", got, want)
	}
	if c, _ := Load(env(nil)); len(c.TrustedProxies) != 0 {
		t.Fatalf("no proxy is trusted by default, got %v", c.TrustedProxies)
	}
	for _, bad := range []string{"10.0.0.0/33", "proxy.internal", "10.0.0.1/8/8", "fe80::1%eth0"} {
		_, err := Load(env(map[string]string{"TRUSTED_PROXIES": "127.0.0.1/32," + bad}))
		if err == nil || !strings.Contains(err.Error(), "TRUSTED_PROXIES") || !strings.Contains(err.Error(), bad) {
			t.Errorf("TRUSTED_PROXIES=%q: want an error naming the variable and the value, got %v", bad, err)
		}
	}
}

// internal/db owns what a database URL may be (it says so naming
// DATABASE_URL when it opens one); config passes it on unchecked.
func TestDatabaseURLIsLeftToTheDatabasePackage(t *testing.T) {
	c, err := Load(env(map[string]string{"DATABASE_URL": "mysql://x"}))
	if err != nil || c.DatabaseURL != "mysql://x" {
		t.Fatalf("got %q, %v", c.DatabaseURL, err)
	}
}

func TestAddrBracketsIPv6(t *testing.T) {
	for host, want := range map[string]string{"::1": "[::1]:8080", "0.0.0.0": "0.0.0.0:8080", "localhost": "localhost:8080"} {
		c, err := Load(env(map[string]string{"HOST": host}))
		if err != nil || c.Addr() != want {
			t.Errorf("HOST %s: Addr %q, want %q (%v)", host, c.Addr(), want, err)
		}
	}
}

func TestHSTSOnlyInProductionOverHTTPS(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want bool
	}{
		{map[string]string{"APP_ENV": "production", "PUBLIC_URL": "https://hyrox.example.com"}, true},
		{map[string]string{"APP_ENV": "production", "PUBLIC_URL": "http://hyrox.example.com"}, false},
		{map[string]string{"PUBLIC_URL": "https://hyrox.example.com"}, false},
	} {
		c, err := Load(env(tc.env))
		if err != nil || c.HSTS() != tc.want {
			t.Errorf("%v: HSTS %v, err %v", tc.env, c.HSTS(), err)
		}
	}
}

func TestSupportEmail(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil || c.SupportEmail != DefaultSupportEmail {
		t.Fatalf("default support address: %q %v", c.SupportEmail, err)
	}
	c, err = Load(env(map[string]string{"SUPPORT_EMAIL": "help@example.org"}))
	if err != nil || c.SupportEmail != "help@example.org" {
		t.Fatalf("configured support address: %q %v", c.SupportEmail, err)
	}
	for _, bad := range []string{"not-an-address", "Help <help@example.org>", "a@b@c"} {
		if _, err := Load(env(map[string]string{"SUPPORT_EMAIL": bad})); err == nil || !strings.Contains(err.Error(), "SUPPORT_EMAIL") {
			t.Errorf("%q: want an error naming SUPPORT_EMAIL, got %v", bad, err)
		}
	}
}

func TestEmailDelivery(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{nil, "log"},
		{map[string]string{"SMTP_HOST": "smtp.example.org"}, "smtp"},
		{map[string]string{"APP_ENV": "production", "PUBLIC_URL": "https://x.example"}, "off"},
		{map[string]string{"APP_ENV": "production", "PUBLIC_URL": "https://x.example", "SMTP_HOST": "smtp.example.org"}, "smtp"},
	} {
		c, err := Load(env(tc.env))
		if err != nil {
			t.Fatal(err)
		}
		if got := c.EmailDelivery(); got != tc.want {
			t.Errorf("%v: %s, want %s", tc.env, got, tc.want)
		}
	}
}

// Low: production with the sandbox would sell paid tiers for a test card; it
// refuses to start and names the variable.
func TestProductionRefusesTheSandboxPaymentProvider(t *testing.T) {
	_, err := Load(env(map[string]string{"APP_ENV": "production", "PAYMENT_PROVIDER": "sandbox", "PUBLIC_URL": "https://x.example"}))
	if err == nil || !strings.Contains(err.Error(), "PAYMENT_PROVIDER=sandbox") || !strings.Contains(err.Error(), "APP_ENV=production") {
		t.Fatalf("want a refusal naming PAYMENT_PROVIDER, got %v", err)
	}
	for _, appEnv := range []string{"development", "test"} {
		if _, err := Load(env(map[string]string{"APP_ENV": appEnv, "PAYMENT_PROVIDER": "sandbox"})); err != nil {
			t.Errorf("%s with the sandbox: %v", appEnv, err)
		}
	}
	if _, err := Load(env(map[string]string{"APP_ENV": "production", "PAYMENT_PROVIDER": "none"})); err != nil {
		t.Errorf("production without payments: %v", err)
	}
}

func TestSellerAndTaxSettings(t *testing.T) {
	c, err := Load(env(map[string]string{"SELLER_LEGAL_NAME": "Hyrox Hub Ltd", "SELLER_ADDRESS": "1 Main St; London; EC1A 1AA ;",
		"SELLER_TAX_ID": "GB123456789", "TAX_RATE_PERCENT": "7.5"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.SellerLegalName != "Hyrox Hub Ltd" || strings.Join(c.SellerAddress, "|") != "1 Main St|London|EC1A 1AA" ||
		c.SellerTaxID != "GB123456789" || c.TaxRateBasisPoints != 750 {
		t.Fatalf("got %+v", c)
	}
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"TAX_RATE_PERCENT": "20", "SELLER_TAX_ID": ""}, "needs SELLER_TAX_ID"},
		{map[string]string{"TAX_RATE_PERCENT": "twenty", "SELLER_TAX_ID": "X1"}, "TAX_RATE_PERCENT must be a number"},
		{map[string]string{"TAX_RATE_PERCENT": "100.5", "SELLER_TAX_ID": "X1"}, "TAX_RATE_PERCENT must be a number"},
		{map[string]string{"TAX_RATE_PERCENT": "7.125", "SELLER_TAX_ID": "X1"}, "TAX_RATE_PERCENT must be a number"},
		{map[string]string{"TAX_RATE_PERCENT": "-5", "SELLER_TAX_ID": "X1"}, "TAX_RATE_PERCENT must be a number"},
		{map[string]string{"SELLER_ADDRESS": "a;b;c;d;e;f"}, "at most 5 lines"},
		{map[string]string{"SELLER_LEGAL_NAME": strings.Repeat("x", 121)}, "SELLER_LEGAL_NAME"},
		{map[string]string{"PAYMENT_PROVIDER": "stripe", "STRIPE_SECRET_KEY": "sk", "STRIPE_PUBLISHABLE_KEY": "pk",
			"STRIPE_WEBHOOK_SECRET": "wh", "TAX_RATE_PERCENT": "20", "SELLER_TAX_ID": "X1"}, "TAX_RATE_PERCENT is for the sandbox"},
		{map[string]string{"APP_ENV": "production", "PUBLIC_URL": "https://x.example", "PAYMENT_PROVIDER": "stripe",
			"STRIPE_SECRET_KEY": "sk", "STRIPE_PUBLISHABLE_KEY": "pk", "STRIPE_WEBHOOK_SECRET": "wh"}, "SELLER_ADDRESS is required"},
	} {
		if _, err := Load(env(tc.env)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: got %v, want an error saying %q", tc.env, err, tc.want)
		}
	}
}

func TestSessionCacheIsAtMostTwoSeconds(t *testing.T) {
	if c, err := Load(env(nil)); err != nil || c.SessionCache != 2*time.Second {
		t.Fatalf("default: %v, %v", c.SessionCache, err)
	}
	if c, err := Load(env(map[string]string{"SESSION_CACHE_MS": "200"})); err != nil || c.SessionCache != 200*time.Millisecond {
		t.Fatalf("200: %v, %v", c.SessionCache, err)
	}
	for _, bad := range []string{"0", "2001", "2s", "-5"} {
		if _, err := Load(env(map[string]string{"SESSION_CACHE_MS": bad})); err == nil || !strings.Contains(err.Error(), "SESSION_CACHE_MS must be a whole number from 1 to 2000") {
			t.Errorf("SESSION_CACHE_MS=%s: %v", bad, err)
		}
	}
}

func TestHeavyJobs(t *testing.T) {
	if c, err := Load(env(nil)); err != nil || c.HeavyJobs != max(1, runtime.GOMAXPROCS(0)/2) {
		t.Fatalf("default: %d, %v; want half the cores, at least 1", c.HeavyJobs, err)
	}
	if c, err := Load(env(map[string]string{"HEAVY_JOBS": "0"})); err != nil || c.HeavyJobs != 0 {
		t.Fatalf("0 (a serving instance that runs none): %d, %v", c.HeavyJobs, err)
	}
	for _, bad := range []string{"-1", "65", "two", "1.5"} {
		if _, err := Load(env(map[string]string{"HEAVY_JOBS": bad})); err == nil || !strings.Contains(err.Error(), "HEAVY_JOBS must be a whole number from 0 to 64") {
			t.Errorf("HEAVY_JOBS=%s: %v", bad, err)
		}
	}
}
