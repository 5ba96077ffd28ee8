package blog

import (
	"context"
	"log/slog"
	netmail "net/mail"
	"strings"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/keyset"
	"hyrox/internal/mail"
)

// Page sizes: the blog shows 6 article skeletons and loads 6 more at a time
// (docs/product.md#blog).
const (
	DefaultPageSize = 6
	MaxPageSize     = 50
)

// Service holds the blog's rules.
type Service struct {
	store *Store
	now   func() time.Time
	// The newsletter's e-mail (UseMail); nil: the newsletter cannot send.
	mailer    mail.Sender
	publicURL string
	logger    *slog.Logger
}

func NewService(store *Store, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, now: now}
}

// NormalizeCategory maps a ?category= value to its stored spelling, ignoring
// case; "" and "all" mean every category.
func NormalizeCategory(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" || strings.EqualFold(raw, "all") {
		return "", nil
	}
	for _, c := range Categories {
		if strings.EqualFold(c, raw) {
			return c, nil
		}
	}
	return "", &apperr.Error{Code: apperr.CodeInvalid, Message: "Unknown category. Choose Training, Recovery or Gear.",
		Fields: map[string]string{"category": "Choose Training, Recovery or Gear."}}
}

// List answers one page of articles, newest first.
func (s *Service) List(ctx context.Context, category, cursor string, limit int) (keyset.Page[Article], error) {
	cat, err := NormalizeCategory(category)
	if err != nil {
		return keyset.Page[Article]{}, err
	}
	q := ListQuery{Category: cat, Limit: limit + 1}
	after, err := keyset.Parse(cursor)
	if err != nil {
		return keyset.Page[Article]{}, err
	}
	if after != nil {
		q.AfterTime, q.AfterID = after.At, after.ID
	}
	items, err := s.store.ListArticles(ctx, q)
	if err != nil {
		return keyset.Page[Article]{}, err
	}
	return keyset.Trim(items, limit, func(a Article) keyset.Cursor { return keyset.Cursor{At: a.PublishedAt, ID: a.ID} }), nil
}

// Article returns one article with its body rendered to safe HTML.
func (s *Service) Article(ctx context.Context, id int64) (ArticleDetail, error) {
	a, prev, next, err := s.store.ArticleWithNeighbours(ctx, id)
	if err != nil {
		return ArticleDetail{}, err
	}
	html, err := RenderMarkdown(a.body)
	if err != nil {
		return ArticleDetail{}, err
	}
	return ArticleDetail{Article: a, HTML: html, PreviousID: prev, NextID: next}, nil
}

// Feed returns the newest articles for the RSS feed.
func (s *Service) Feed(ctx context.Context, n int) ([]Article, error) {
	return s.store.ListArticles(ctx, ListQuery{Limit: n})
}

// validEmail accepts a bare address such as ana@example.com (the same rule as
// registration).
func validEmail(email string) bool {
	if len(email) > 254 || !strings.Contains(email, "@") {
		return false
	}
	a, err := netmail.ParseAddress(email)
	return err == nil && a.Address == email && strings.Contains(email[strings.LastIndexByte(email, '@'):], ".")
}

// ValidateNewsletter normalizes and checks the body of POST /api/newsletter.
func ValidateNewsletter(in NewsletterInput) (string, error) {
	email := strings.ToLower(strings.TrimSpace(in.Email))
	var v apperr.Validator
	v.Check(email != "", "email", "Please enter your email address")
	v.Check(email == "" || validEmail(email), "email", "Please enter a valid email address")
	return email, v.Err()
}

// ExportUserData returns the user's own blog rows: the newsletter addresses
// they subscribed.
func (s *Service) ExportUserData(ctx context.Context, userID int64) (any, error) {
	subs, err := s.store.SubscribersByUser(ctx, userID)
	if err != nil {
		return nil, err
	}
	return map[string]any{"newsletterSubscriptions": subs}, nil
}
