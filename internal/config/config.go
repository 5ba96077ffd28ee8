// Package config reads the environment into one validated Config.
package config

import (
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/netip"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
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
	// SupportEmail is the address 'Contact Support' writes to (SUPPORT_EMAIL),
	// shown by the web app (GET /api/site).
	SupportEmail string
	// OpenFoodFactsURL is the Open Food Facts API base for barcode look-ups
	// (OPENFOODFACTS_URL; tests point it at a replay server).
	OpenFoodFactsURL string

	// RateLimits turns the login, registration and reset limits on (RATE_LIMITS).
	RateLimits bool
	// TrustedProxies are the load balancers whose X-Forwarded-For is believed
	// (TRUSTED_PROXIES); from any other peer the peer address is the client.
	TrustedProxies []netip.Prefix
	// MetricsAddr serves /metrics on its own address (METRICS_ADDR);
	// MetricsToken serves it on the public port behind a bearer token
	// (METRICS_TOKEN). With neither, /metrics is not served.
	MetricsAddr  string
	MetricsToken string
	// LiveStreams caps the live streams one instance holds (LIVE_STREAMS,
	// docs/security.md#live-streams).
	LiveStreams int
	// HeavyJobs is how many heavy background jobs (imports) the instance
	// runs at once; 0 runs none (docs/operations.md#background-jobs).
	HeavyJobs int
	// SessionCache is how long an instance may reuse a session lookup
	// (SESSION_CACHE_MS, at most and by default 2 s, docs/sessions.md).
	SessionCache time.Duration
	// VAPIDPublicKey and VAPIDPrivateKey sign Web Push messages
	// (docs/notifications.md#push); unset, a pair is generated once and kept
	// in the database. PushHosts are push services allowed beyond the
	// browsers' own (PUSH_HOSTS, a local one in tests).
	VAPIDPublicKey, VAPIDPrivateKey string
	PushHosts                       []string

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
	// What invoices print about the seller (docs/billing-rules.md#invoices).
	SellerLegalName string
	SellerAddress   []string // lines; SELLER_ADDRESS separates them with ';'
	SellerTaxID     string
	// TaxRateBasisPoints is TAX_RATE_PERCENT x 100: the tax the sandbox's
	// invoice totals contain (catalogue prices include it).
	TaxRateBasisPoints int
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
	{"SMTP_HOST", "", "SMTP server for e-mail; unset prints e-mails to the log (in production, password reset is off instead)"},
	{"SMTP_PORT", "587", "SMTP port"},
	{"SMTP_USERNAME", "", "SMTP user"},
	{"SMTP_PASSWORD", "", "SMTP password"},
	{"SMTP_FROM", "HYROX Training Hub <no-reply@localhost>", "sender address"},
	{"SUPPORT_EMAIL", DefaultSupportEmail, "the address 'Contact Support' and the billing pages give users"},
	{"OPENFOODFACTS_URL", "https://world.openfoodfacts.org", "Open Food Facts API base for barcode look-ups (its User-Agent names SUPPORT_EMAIL)"},
	{"RATE_LIMITS", "on (off when APP_ENV=test)", "on or off: per-address and per-account limits on login, registration, password reset and profile changes"},
	{"TRUSTED_PROXIES", "", "comma-separated CIDRs of load balancers whose X-Forwarded-For names the client (e.g. 10.0.0.0/8); unset trusts none"},
	{"METRICS_ADDR", "", "serve Prometheus /metrics on this separate host:port (e.g. 127.0.0.1:9090)"},
	{"METRICS_TOKEN", "", "or serve /metrics on the public port to 'Authorization: Bearer TOKEN' (16+ characters); with neither, no /metrics"},
	{"VAPID_PUBLIC_KEY", "", "Web Push VAPID public key (base64url); unset with VAPID_PRIVATE_KEY, a pair is generated once and kept in the database"},
	{"VAPID_PRIVATE_KEY", "", "Web Push VAPID private key (base64url), set together with VAPID_PUBLIC_KEY"},
	{"PUSH_HOSTS", "", "comma-separated extra push service hosts notifications may be sent to (the browsers' own are built in)"},
	{"LIVE_STREAMS", "2000", "live streams (every signed-in tab: messages, bookings, answers) one instance holds at once; more answer 503 (each takes a file descriptor and about 40 KB)"},
	{"HEAVY_JOBS", "half the cores (at least 1)", "background imports this instance runs at once; 0 runs none, leaving them to another instance of the fleet (a worker): its requests then never share a core with one"},
	{"SESSION_CACHE_MS", "2000", "how long (1 to 2000 ms) an instance reuses a session lookup (docs/sessions.md)"},
	{"PAYMENT_PROVIDER", "sandbox (none in production without Stripe keys)", "sandbox, stripe or none (production refuses sandbox)"},
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
	{"SELLER_LEGAL_NAME", "HYROX Training Hub", "the seller's legal name printed on invoices"},
	{"SELLER_ADDRESS", "", "the seller's postal address on invoices, lines separated by ';' (required in production with a payment provider)"},
	{"SELLER_TAX_ID", "", "the seller's tax number (VAT/GST id) on invoices (required when TAX_RATE_PERCENT is over 0)"},
	{"TAX_RATE_PERCENT", "0", "sandbox only: the tax rate included in prices, shown as the invoices' tax line (0-100, up to 2 decimals; on Stripe the tax comes from Stripe)"},
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

// Load reads the configuration through getenv (os.Getenv in main) and
// validates it; the error lists every bad setting at once. The database URL
// itself is checked by internal/db when it opens it.
func Load(getenv func(string) string) (Config, error) {
	r := &reader{getenv: getenv}
	var c Config
	c.readServer(r)
	c.readMail(r)
	c.readPayments(r)
	if len(r.errs) > 0 {
		return c, fmt.Errorf("invalid configuration:\n  %w", errors.Join(r.errs...))
	}
	return c, nil
}

// reader reads environment variables and collects what is wrong with them.
type reader struct {
	getenv func(string) string
	errs   []error
}

func (r *reader) str(name, def string) string {
	if v := strings.TrimSpace(r.getenv(name)); v != "" {
		return v
	}
	return def
}

func (r *reader) num(name string, def, lo, hi int) int {
	raw := strings.TrimSpace(r.getenv(name))
	if raw == "" {
		return def
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < lo || n > hi {
		r.errorf("%s must be a whole number from %d to %d, got %q", name, lo, hi, raw)
		return def
	}
	return n
}

func (r *reader) onOff(name string, def bool) bool {
	switch raw := r.str(name, ""); raw {
	case "on", "true", "1":
		return true
	case "off", "false", "0":
		return false
	case "":
		return def
	default:
		r.errorf("%s must be on or off, got %q", name, raw)
		return def
	}
}

func (r *reader) errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Errorf(format, args...))
}

// readServer reads where and how the server runs: address, database,
// environment, public URL, logs, rate limits and metrics.
func (c *Config) readServer(r *reader) {
	c.Host = r.str("HOST", "localhost")
	c.Port = r.num("PORT", 8080, 0, 65535)
	c.DatabaseURL = r.str("DATABASE_URL", "sqlite:data/hyrox.db")
	c.AppEnv = r.str("APP_ENV", "development")
	switch c.AppEnv {
	case "development", "test", "production":
	default:
		r.errorf("APP_ENV must be development, test or production, got %q", c.AppEnv)
	}
	c.PublicURL = strings.TrimRight(r.str("PUBLIC_URL", ""), "/")
	if c.PublicURL == "" {
		c.PublicURL = "http://" + net.JoinHostPort("localhost", strconv.Itoa(c.Port))
	}
	if u, err := url.Parse(c.PublicURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		r.errorf("PUBLIC_URL must be an http(s) address, got %q", c.PublicURL)
	}
	c.LogFormat = r.str("LOG_FORMAT", "")
	if c.LogFormat == "" {
		c.LogFormat = "text"
		if c.AppEnv == "production" {
			c.LogFormat = "json"
		}
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		r.errorf("LOG_FORMAT must be text or json, got %q", c.LogFormat)
	}
	c.RateLimits = r.onOff("RATE_LIMITS", c.AppEnv != "test")
	proxies, err := parseCIDRs(r.getenv("TRUSTED_PROXIES"))
	if err != nil {
		r.errorf("TRUSTED_PROXIES must be comma-separated CIDRs such as 10.0.0.0/8 or 127.0.0.1/32: %v", err)
	}
	c.TrustedProxies = proxies
	c.MetricsAddr = r.str("METRICS_ADDR", "")
	if c.MetricsAddr != "" {
		if _, _, err := net.SplitHostPort(c.MetricsAddr); err != nil {
			r.errorf("METRICS_ADDR must be host:port, e.g. 127.0.0.1:9090, got %q", c.MetricsAddr)
		}
	}
	c.LiveStreams = r.num("LIVE_STREAMS", 2000, 1, 1_000_000)
	c.HeavyJobs = r.num("HEAVY_JOBS", max(1, runtime.GOMAXPROCS(0)/2), 0, 64)
	c.SessionCache = time.Duration(r.num("SESSION_CACHE_MS", 2000, 1, 2000)) * time.Millisecond
	c.VAPIDPublicKey, c.VAPIDPrivateKey = r.str("VAPID_PUBLIC_KEY", ""), r.str("VAPID_PRIVATE_KEY", "")
	if (c.VAPIDPublicKey == "") != (c.VAPIDPrivateKey == "") {
		r.errorf("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all")
	}
	for _, h := range strings.Split(r.str("PUSH_HOSTS", ""), ",") {
		if h = strings.TrimSpace(h); h != "" {
			c.PushHosts = append(c.PushHosts, h)
		}
	}
	c.MetricsToken = r.str("METRICS_TOKEN", "")
	if c.MetricsToken != "" && len(c.MetricsToken) < 16 {
		r.errorf("METRICS_TOKEN must be at least 16 characters")
	}
}

// DefaultSupportEmail is SUPPORT_EMAIL's default.
const DefaultSupportEmail = "support@hyroxtraininghub.com"

// readMail reads the SMTP settings and the support address.
func (c *Config) readMail(r *reader) {
	c.SupportEmail = r.str("SUPPORT_EMAIL", DefaultSupportEmail)
	if a, err := mail.ParseAddress(c.SupportEmail); err != nil || a.Address != c.SupportEmail || a.Name != "" {
		r.errorf("SUPPORT_EMAIL must be a plain e-mail address such as help@example.com, got %q", c.SupportEmail)
	}
	c.OpenFoodFactsURL = strings.TrimRight(r.str("OPENFOODFACTS_URL", "https://world.openfoodfacts.org"), "/")
	if u, err := url.Parse(c.OpenFoodFactsURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		r.errorf("OPENFOODFACTS_URL must be an http(s) address, got %q", c.OpenFoodFactsURL)
	}
	c.SMTPHost = r.str("SMTP_HOST", "")
	c.SMTPPort = r.num("SMTP_PORT", 587, 1, 65535)
	c.SMTPUsername = r.str("SMTP_USERNAME", "")
	c.SMTPPassword = r.getenv("SMTP_PASSWORD")
	c.SMTPFrom = r.str("SMTP_FROM", "HYROX Training Hub <no-reply@localhost>")
}

// readPayments reads the payment provider, its keys and price ids, and the
// catalogue's prices; it picks the provider when PAYMENT_PROVIDER is unset.
func (c *Config) readPayments(r *reader) {
	c.PaymentProvider = r.str("PAYMENT_PROVIDER", "")
	c.StripeSecretKey = r.str("STRIPE_SECRET_KEY", "")
	c.StripePublishableKey = r.str("STRIPE_PUBLISHABLE_KEY", "")
	c.StripeWebhookSecret = r.str("STRIPE_WEBHOOK_SECRET", "")
	c.StripeAPIBase = r.str("STRIPE_API_BASE", "")
	c.PriceProCents = r.num("PRICE_PRO_CENTS", 1900, 0, 1_000_000)
	c.PriceEliteCents = r.num("PRICE_ELITE_CENTS", 3900, 0, 1_000_000)
	c.TrialDays = r.num("TRIAL_DAYS", 7, 0, 90)

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
	case "sandbox":
		// Its test cards would buy real tiers (docs/security.md#secrets-and-configuration).
		if c.AppEnv == "production" {
			r.errorf("PAYMENT_PROVIDER=sandbox is not allowed with APP_ENV=production: its test cards would sell paid tiers for free; use stripe or none")
		}
	case "none":
	case "stripe":
		if !stripeKeys {
			r.errorf("PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET")
		}
	default:
		r.errorf("PAYMENT_PROVIDER must be sandbox, stripe or none, got %q", c.PaymentProvider)
	}
	// The sandbox knows its own price ids; other providers need them set.
	sandboxDefault := func(name, id string) string {
		if c.PaymentProvider == "sandbox" {
			return r.str(name, id)
		}
		return r.str(name, "")
	}
	c.PriceProMonthly = sandboxDefault("STRIPE_PRICE_PRO_MONTHLY", "price_pro_monthly")
	c.PriceProAnnual = sandboxDefault("STRIPE_PRICE_PRO_ANNUAL", "price_pro_annual")
	c.PriceEliteMonthly = sandboxDefault("STRIPE_PRICE_ELITE_MONTHLY", "price_elite_monthly")
	c.PriceEliteAnnual = sandboxDefault("STRIPE_PRICE_ELITE_ANNUAL", "price_elite_annual")
	c.readSeller(r)
}

// readSeller reads what invoices print about the seller and the sandbox's
// tax rate (docs/billing-rules.md#invoices).
func (c *Config) readSeller(r *reader) {
	c.SellerLegalName = r.str("SELLER_LEGAL_NAME", "HYROX Training Hub")
	if len(c.SellerLegalName) > 120 || hasControl(c.SellerLegalName) {
		r.errorf("SELLER_LEGAL_NAME must be at most 120 printable characters")
	}
	c.SellerAddress = nil
	for line := range strings.SplitSeq(r.str("SELLER_ADDRESS", ""), ";") {
		if line = strings.TrimSpace(line); line != "" {
			c.SellerAddress = append(c.SellerAddress, line)
		}
	}
	if len(c.SellerAddress) > 5 {
		r.errorf("SELLER_ADDRESS must have at most 5 lines separated by ';'")
	}
	for _, line := range c.SellerAddress {
		if len(line) > 120 || hasControl(line) {
			r.errorf("SELLER_ADDRESS lines must be at most 120 printable characters each")
			break
		}
	}
	if c.AppEnv == "production" && c.PaymentProvider != "none" && len(c.SellerAddress) == 0 {
		r.errorf("SELLER_ADDRESS is required in production when payments are on: invoices must name the seller's address")
	}
	c.SellerTaxID = r.str("SELLER_TAX_ID", "")
	if len(c.SellerTaxID) > 40 || hasControl(c.SellerTaxID) {
		r.errorf("SELLER_TAX_ID must be at most 40 printable characters")
	}
	raw := r.str("TAX_RATE_PERCENT", "")
	if raw == "" {
		return
	}
	bp, ok := basisPoints(raw)
	switch {
	case !ok:
		r.errorf("TAX_RATE_PERCENT must be a number from 0 to 100 with at most 2 decimals, e.g. 20 or 7.5, got %q", raw)
	case bp > 0 && c.PaymentProvider == "stripe":
		r.errorf("TAX_RATE_PERCENT is for the sandbox: on Stripe, invoices carry the tax Stripe computes (set tax rates or Stripe Tax in Stripe)")
	case bp > 0 && c.SellerTaxID == "":
		r.errorf("TAX_RATE_PERCENT over 0 needs SELLER_TAX_ID: an invoice that charges tax must name the seller's tax number")
	default:
		c.TaxRateBasisPoints = bp
	}
}

// basisPoints reads a percentage with at most 2 decimals as hundredths of a percent.
func basisPoints(s string) (int, bool) {
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" || len(frac) > 2 {
		return 0, false
	}
	for len(frac) < 2 {
		frac += "0"
	}
	w, err1 := strconv.Atoi(whole)
	f, err2 := strconv.Atoi(frac)
	if err1 != nil || err2 != nil || w < 0 || f < 0 || strings.ContainsAny(s, "+- ") {
		return 0, false
	}
	bp := w*100 + f
	return bp, bp <= 10000
}

func hasControl(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f })
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

// Addr is the listen address (an IPv6 HOST gets its brackets).
func (c Config) Addr() string { return net.JoinHostPort(c.Host, strconv.Itoa(c.Port)) }

// HSTS reports whether answers carry Strict-Transport-Security: in
// production, when users reach the app over https.
func (c Config) HSTS() bool { return c.AppEnv == "production" && c.SecureCookies() }

// EmailDelivery says where e-mails go: "smtp" (SMTP_HOST set), "log" (no
// SMTP outside production: the server log) or "off" (production without SMTP).
func (c Config) EmailDelivery() string {
	switch {
	case c.SMTPHost != "":
		return "smtp"
	case c.AppEnv == "production":
		return "off"
	}
	return "log"
}
