package blog

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/mail"
)

// The newsletter (docs/product.md#blog): double opt-in, one-click
// unsubscribe, and every new article e-mailed to the confirmed subscribers.

// ConfirmTTL is how long a confirmation link works.
const ConfirmTTL = 7 * 24 * time.Hour

// issueWindow is how far back deliveries that failed or were cut short are retried.
const issueWindow = 7 * 24 * time.Hour

// Messages the newsletter answers with (the web app shows them as they are).
const (
	msgConfirmSent  = "Almost there! We sent a confirmation link to %s. Open it to start receiving new articles."
	msgConfirmed    = "Subscription confirmed! New articles and race prep tips will arrive at %s."
	msgUnsubscribed = "You are unsubscribed. No more newsletter e-mails will go to this address."
)

var (
	errBadConfirm = apperr.Errorf(apperr.CodeNotFound, "This confirmation link is invalid or has expired. Subscribe again to get a new one.")
	errNoMail     = apperr.Errorf(apperr.CodeUnavailable, "The newsletter cannot send e-mails right now. Please try again later.")
)

// UseMail lets the newsletter send: confirmations and new articles go
// through sender, with links on publicURL. Without it Subscribe answers 503.
func (s *Service) UseMail(sender mail.Sender, publicURL string, logger *slog.Logger) {
	s.mailer, s.publicURL, s.logger = sender, publicURL, logger
}

func newToken() string {
	var b [32]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Subscribe starts the double opt-in for an address: a new or unconfirmed
// address gets a confirmation link by e-mail (and nothing else until it is
// opened); a confirmed one is told by e-mail that it is subscribed already
// and nothing changes. The answer is the same in every case, so it cannot
// tell anyone whether an address subscribed (docs/security.md#no-enumeration).
func (s *Service) Subscribe(ctx context.Context, userID int64, in NewsletterInput) (NewsletterResult, error) {
	email, err := ValidateNewsletter(in)
	if err != nil {
		return NewsletterResult{}, err
	}
	if s.mailer == nil {
		return NewsletterResult{}, errNoMail
	}
	token := newToken()
	state, err := s.store.StartSubscription(ctx, email, userID, hashToken(token), newToken(), s.now())
	if err != nil {
		return NewsletterResult{}, err
	}
	msg := mail.Message{To: email, Subject: "Confirm your HYROX Training Hub newsletter",
		Body: "Hello,\n\nplease confirm that you want new HYROX Training Hub articles and race prep tips at this address:\n\n" +
			s.publicURL + "/newsletter/confirm?token=" + token +
			"\n\nThe link works for 7 days. If you did not ask for this, ignore this e-mail: you will not be subscribed.\n"}
	if state == subscriptionConfirmed {
		msg = mail.Message{To: email, Subject: "You are already subscribed to the HYROX Training Hub newsletter",
			Body: "Hello,\n\nsomeone asked to subscribe this address to the HYROX Training Hub newsletter. You are already subscribed: " +
				"new articles and race prep tips keep arriving here, and nothing changed.\n"}
	}
	if err := s.mailer.Send(ctx, msg); err != nil {
		return NewsletterResult{}, fmt.Errorf("newsletter confirmation: %w", err)
	}
	return NewsletterResult{Email: email, Message: fmt.Sprintf(msgConfirmSent, email)}, nil
}

// Confirm ends the double opt-in with the token from the e-mailed link.
func (s *Service) Confirm(ctx context.Context, token string) (NewsletterResult, error) {
	if token == "" || len(token) > 200 {
		return NewsletterResult{}, errBadConfirm
	}
	email, err := s.store.Confirm(ctx, hashToken(token), s.now(), s.now().Add(-ConfirmTTL))
	if err != nil {
		return NewsletterResult{}, err
	}
	return NewsletterResult{Email: email, Message: fmt.Sprintf(msgConfirmed, email)}, nil
}

// Unsubscribe removes the address whose link (or List-Unsubscribe header)
// carries token. It answers the same whether or not the token was known, so
// a second click is fine and nothing can be probed with it.
func (s *Service) Unsubscribe(ctx context.Context, token string) (NewsletterResult, error) {
	if token != "" && len(token) <= 200 {
		if err := s.store.Unsubscribe(ctx, token); err != nil {
			return NewsletterResult{}, err
		}
	}
	return NewsletterResult{Message: msgUnsubscribed}, nil
}

// SendNewArticles announces every published article not announced yet and
// e-mails each issue of the last week to the confirmed subscribers who
// subscribed before it and have not had it. Safe on several instances at
// once: an issue and each delivery are claimed by one insert. A failed
// e-mail gives its claim back and is tried again on the next run. It returns
// the number of e-mails sent.
func (s *Service) SendNewArticles(ctx context.Context) (int, error) {
	if s.mailer == nil {
		return 0, nil
	}
	now := s.now()
	if err := s.store.ClaimIssues(ctx, now); err != nil {
		return 0, err
	}
	pending, err := s.store.PendingDeliveries(ctx, now.Add(-issueWindow), 500)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, d := range pending {
		claimed, err := s.store.ClaimDelivery(ctx, d.ArticleID, d.SubscriberID, now)
		if err != nil {
			return sent, err
		}
		if !claimed {
			continue // another instance has it
		}
		if err := s.mailer.Send(ctx, s.articleMail(d)); err != nil {
			s.logger.WarnContext(ctx, "newsletter e-mail failed; it is retried on the next run", "article", d.ArticleID, "subscriber", d.SubscriberID, "err", err)
			if err := s.store.ReleaseDelivery(ctx, d.ArticleID, d.SubscriberID); err != nil {
				return sent, err
			}
			continue
		}
		sent++
	}
	return sent, nil
}

// articleMail is one new article for one subscriber, with the one-click
// unsubscribe of RFC 8058 (List-Unsubscribe with an https POST target and
// List-Unsubscribe-Post) and a visible unsubscribe link.
func (s *Service) articleMail(d Delivery) mail.Message {
	oneClick := s.publicURL + "/api/newsletter/unsubscribe?token=" + d.UnsubscribeToken
	page := s.publicURL + "/newsletter/unsubscribe?token=" + d.UnsubscribeToken
	return mail.Message{
		To:      d.Email,
		Subject: "New on HYROX Training Hub: " + d.Title,
		Body: d.Title + "\n\n" + d.Excerpt + "\n\nRead it: " + s.publicURL + "/blog/" + strconv.FormatInt(d.ArticleID, 10) +
			"\n\n--\nYou get this e-mail because you subscribed to the HYROX Training Hub newsletter.\nUnsubscribe: " + page + "\n",
		Headers: []mail.Header{
			{Name: "List-Unsubscribe", Value: "<" + oneClick + ">"},
			{Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click"},
		},
	}
}
