// Package config reads the environment into one validated Config.
package config

import (
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"text/tabwriter"
)

// Config is every setting the app reads at start.
type Config struct {
	Host        string
	Port        int
	DatabaseURL string
	AppEnv      string // development, test or production
	PublicURL   string
	LogFormat   string // text or json

	SMTPHost     string
	SMTPPort     int
	SMTPUsername string
	SMTPPassword string
	SMTPFrom     string

	// RateLimits turns the login, registration and reset limits on (RATE_LIMITS).
	RateLimits bool
	// TrustedProxies are the load balancers whose X-Forwarded-For is believed
	// (TRUSTED_PROXIES); from any other peer the peer address is the client.
	TrustedProxies []netip.Prefix

	PaymentProvider      string // sandbox, stripe or none
	StripeSecretKey      string
	StripePublishableKey string
	StripeWebhookSecret  string
	StripeAPIBase        string // for stripe-mock in tests
	PriceProMonthly      string
	PriceProAnnual       string
	PriceEliteMonthly    string
	PriceEliteAnnual     string
	PriceProCents        int
	PriceEliteCents      int
	TrialDays            int
}

// Setting documents one environment variable.
type Setting struct {
	Name, Default, Help string
}

// Settings lists every environment variable, in the order --help shows them.
var Settings = []Setting{
	{"HOST", "localhost", "address to listen on (0.0.0.0 for every interface)"},
	{"PORT", "8080", "port to listen on (0 picks a free one)"},
	{"DATABASE_URL", "sqlite:data/hyrox.db", "sqlite:PATH, or postgres://user:pass@host/db"},
	{"APP_ENV", "development", "development, test or production"},
	{"PUBLIC_URL", "http://localhost:8080", "address users reach the app at (links in e-mails; https makes cookies Secure)"},
	{"LOG_FORMAT", "text (json in production)", "text or json"},
	{"SMTP_HOST", "", "SMTP server for e-mail; unset prints e-mails to the log"},
	{"SMTP_PORT", "587", "SMTP port"},
	{"SMTP_USERNAME", "", "SMTP user"},
	{"SMTP_PASSWORD", "", "SMTP password"},
	{"SMTP_FROM", "HYROX Training Hub <no-reply@localhost>", "sender address"},
	{"RATE_LIMITS", "on (off when APP_ENV=test)", "on or off: per-address and per-account limits on login, registration and password reset"},
	{"TRUSTED_PROXIES", "", "comma-separated CIDRs of load balancers whose X-Forwarded-For names the client (e.g. 10.0.0.0/8); unset trusts none"},
	{"PAYMENT_PROVIDER", "sandbox (none in production without Stripe keys)", "sandbox, stripe or none"},
	{"STRIPE_SECRET_KEY", "", "Stripe secret key (stripe provider)"},
	{"STRIPE_PUBLISHABLE_KEY", "", "Stripe publishable key (stripe provider)"},
	{"STRIPE_WEBHOOK_SECRET", "", "Stripe webhook signing secret (stripe provider)"},
	{"STRIPE_API_BASE", "", "Stripe API address override, e.g. http://127.0.0.1:12111 for stripe-mock"},
	{"STRIPE_PRICE_PRO_MONTHLY", "price_pro_monthly (sandbox)", "provider price id of Pro, monthly"},
	{"STRIPE_PRICE_PRO_ANNUAL", "price_pro_annual (sandbox)", "provider price id of Pro, annual"},
	{"STRIPE_PRICE_ELITE_MONTHLY", "price_elite_monthly (sandbox)", "provider price id of Elite, monthly"},
	{"STRIPE_PRICE_ELITE_ANNUAL", "price_elite_annual (sandbox)", "provider price id of Elite, annual"},
	{"PRICE_PRO_CENTS", "1900", "Pro monthly price in cents (annual is 25% off x 12)"},
	{"PRICE_ELITE_CENTS", "3900", "Elite monthly price in cents"},
	{"TRIAL_DAYS", "7", "free-trial length in days (0 for none)"},
}

// Usage returns the settings table for --help.
func Usage() string {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "VARIABLE\tDEFAULT\tMEANING")
	for _, s := range Settings {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", s.Name, s.Default, s.Help)
	}
	tw.Flush()
	return b.String()
}

// Load reads the configuration through getenv (os.Getenv in main) and validates it.
func Load(getenv func(string) string) (Config, error) {
	str := func(name, def string) string {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			return v
		}
		return def
	}
	var errs []error
	num := func(name string, def, lo, hi int) int {
		raw := strings.TrimSpace(getenv(name))
		if raw == "" {
			return def
		}
		n, err := strconv.Atoi(raw)
		if err != nil || n < lo || n > hi {
			errs = append(errs, fmt.Errorf("%s must be a whole number from %d to %d, got %q", name, lo, hi, raw))
			return def
		}
		return n
	}
	c := Config{
		Host:        str("HOST", "localhost"),
		Port:        num("PORT", 8080, 0, 65535),
		DatabaseURL: str("DATABASE_URL", "sqlite:data/hyrox.db"),
		AppEnv:      str("APP_ENV", "development"),
		PublicURL:   strings.TrimRight(str("PUBLIC_URL", ""), "/"),
		LogFormat:   str("LOG_FORMAT", ""),

		SMTPHost:     str("SMTP_HOST", ""),
		SMTPPort:     num("SMTP_PORT", 587, 1, 65535),
		SMTPUsername: str("SMTP_USERNAME", ""),
		SMTPPassword: getenv("SMTP_PASSWORD"),
		SMTPFrom:     str("SMTP_FROM", "HYROX Training Hub <no-reply@localhost>"),

		PaymentProvider:      str("PAYMENT_PROVIDER", ""),
		StripeSecretKey:      str("STRIPE_SECRET_KEY", ""),
		StripePublishableKey: str("STRIPE_PUBLISHABLE_KEY", ""),
		StripeWebhookSecret:  str("STRIPE_WEBHOOK_SECRET", ""),
		StripeAPIBase:        str("STRIPE_API_BASE", ""),
		PriceProMonthly:      str("STRIPE_PRICE_PRO_MONTHLY", ""),
		PriceProAnnual:       str("STRIPE_PRICE_PRO_ANNUAL", ""),
		PriceEliteMonthly:    str("STRIPE_PRICE_ELITE_MONTHLY", ""),
		PriceEliteAnnual:     str("STRIPE_PRICE_ELITE_ANNUAL", ""),
		PriceProCents:        num("PRICE_PRO_CENTS", 1900, 0, 1_000_000),
		PriceEliteCents:      num("PRICE_ELITE_CENTS", 3900, 0, 1_000_000),
		TrialDays:            num("TRIAL_DAYS", 7, 0, 90),
	}
	switch str("RATE_LIMITS", "") {
	case "on", "true", "1":
		c.RateLimits = true
	case "off", "false", "0":
		c.RateLimits = false
	case "":
		c.RateLimits = c.AppEnv != "test"
	default:
		errs = append(errs, fmt.Errorf("RATE_LIMITS must be on or off, got %q", getenv("RATE_LIMITS")))
	}
	proxies, err := parseCIDRs(getenv("TRUSTED_PROXIES"))
	if err != nil {
		errs = append(errs, fmt.Errorf("TRUSTED_PROXIES must be comma-separated CIDRs such as 10.0.0.0/8 or 127.0.0.1/32: %w", err))
	}
	c.TrustedProxies = proxies
	switch c.AppEnv {
	case "development", "test", "production":
	default:
		errs = append(errs, fmt.Errorf("APP_ENV must be development, test or production, got %q", c.AppEnv))
	}
	if c.LogFormat == "" {
		c.LogFormat = "text"
		if c.AppEnv == "production" {
			c.LogFormat = "json"
		}
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		errs = append(errs, fmt.Errorf("LOG_FORMAT must be text or json, got %q", c.LogFormat))
	}
	if c.PublicURL == "" {
		c.PublicURL = fmt.Sprintf("http://localhost:%d", c.Port)
	}
	if u, err := url.Parse(c.PublicURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		errs = append(errs, fmt.Errorf("PUBLIC_URL must be an http(s) address, got %q", c.PublicURL))
	}
	if !strings.HasPrefix(c.DatabaseURL, "postgres://") && !strings.HasPrefix(c.DatabaseURL, "postgresql://") &&
		!strings.HasPrefix(c.DatabaseURL, "sqlite:") && !strings.HasPrefix(c.DatabaseURL, "file:") {
		errs = append(errs, fmt.Errorf("DATABASE_URL must start with sqlite:, file:, postgres:// or postgresql://, got %q", c.DatabaseURL))
	}
	stripeKeys := c.StripeSecretKey != "" && c.StripePublishableKey != "" && c.StripeWebhookSecret != ""
	if c.PaymentProvider == "" {
		switch {
		case stripeKeys:
			c.PaymentProvider = "stripe"
		case c.AppEnv == "production":
			c.PaymentProvider = "none"
		default:
			c.PaymentProvider = "sandbox"
		}
	}
	switch c.PaymentProvider {
	case "sandbox", "none":
	case "stripe":
		if !stripeKeys {
			errs = append(errs, errors.New("PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET"))
		}
	default:
		errs = append(errs, fmt.Errorf("PAYMENT_PROVIDER must be sandbox, stripe or none, got %q", c.PaymentProvider))
	}
	if c.PaymentProvider == "sandbox" {
		def := func(p *string, v string) {
			if *p == "" {
				*p = v
			}
		}
		def(&c.PriceProMonthly, "price_pro_monthly")
		def(&c.PriceProAnnual, "price_pro_annual")
		def(&c.PriceEliteMonthly, "price_elite_monthly")
		def(&c.PriceEliteAnnual, "price_elite_annual")
	}
	if len(errs) > 0 {
		return c, fmt.Errorf("invalid configuration:\n  %w", errors.Join(errs...))
	}
	return c, nil
}

// parseCIDRs reads a comma-separated list of CIDRs; a bare address counts as
// a network of that one address.
func parseCIDRs(raw string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for part := range strings.SplitSeq(raw, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if !strings.Contains(part, "/") {
			addr, err := netip.ParseAddr(part)
			if err != nil || addr.Zone() != "" {
				return nil, fmt.Errorf("got %q", part)
			}
			out = append(out, netip.PrefixFrom(addr.Unmap(), addr.Unmap().BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(part)
		if err != nil {
			return nil, fmt.Errorf("got %q", part)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

// SecureCookies reports whether cookies must carry the Secure flag.
func (c Config) SecureCookies() bool { return strings.HasPrefix(c.PublicURL, "https://") }

// Addr is the listen address.
func (c Config) Addr() string { return fmt.Sprintf("%s:%d", c.Host, c.Port) }
