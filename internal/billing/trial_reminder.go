package billing

import (
	"context"
	"time"

	"hyrox/internal/db"
)

// TrialReminderLead is how long before a trial becomes a charge the athlete
// is reminded (docs/notifications.md#the-trial-reminder).
const TrialReminderLead = 3 * 24 * time.Hour

// TrialReminder is what the athlete is told: the plan, what will be charged
// and when, unless they cancel before.
type TrialReminder struct {
	UserID      int64
	Email       string
	Username    string
	Tier        string
	AmountCents int
	Currency    string
	Interval    string // month or year
	ChargeOn    time.Time
}

// Amount is the charge as the pages write it ("$39.00").
func (r TrialReminder) Amount() string { return money(r.AmountCents, r.Currency) }

// SendTrialReminders hands send each trial that becomes a charge within
// TrialReminderLead of the provider's clock and was not reminded yet, once:
// a trial is claimed before it is sent, and a failed send gives its claim
// back for the next run. A trial cancelled meanwhile (nothing will be
// charged) gets no reminder.
func (s *Service) SendTrialReminders(ctx context.Context, send func(context.Context, TrialReminder) error) (int, error) {
	if s.provider == nil {
		return 0, nil
	}
	now := s.provider.Now(ctx).UTC()
	due, err := s.store.dueTrialReminders(ctx, now, now.Add(TrialReminderLead))
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, d := range due {
		price, ok := s.catalogue.Price(d.priceID)
		if !ok {
			continue
		}
		claimed, err := s.store.claimTrialReminder(ctx, d.id, now)
		if err != nil {
			return sent, err
		}
		if !claimed { // another instance's run took it
			continue
		}
		email, username, err := s.users.BillingContact(ctx, d.userID)
		if err == nil {
			err = send(ctx, TrialReminder{UserID: d.userID, Email: email, Username: username, Tier: price.Tier,
				AmountCents: price.AmountCents, Currency: s.PublicConfig().Currency, Interval: price.Interval, ChargeOn: d.trialEnd})
		}
		if err != nil {
			if rerr := s.store.releaseTrialReminder(ctx, d.id); rerr != nil {
				return sent, rerr
			}
			return sent, err
		}
		sent++
	}
	return sent, nil
}

type dueTrial struct {
	id, userID int64
	priceID    string
	trialEnd   time.Time
}

func (s *Store) dueTrialReminders(ctx context.Context, after, until time.Time) ([]dueTrial, error) {
	rows, err := s.db.Query(ctx, `SELECT id, user_id, price_id, trial_end FROM billing_subscriptions
		WHERE status = 'trialing' AND trial_reminded_at IS NULL AND trial_end > ? AND trial_end <= ? AND NOT cancel_at_period_end
		ORDER BY trial_end LIMIT 200`, after, until)
	return db.Collect(rows, err, func(row db.Scanner) (d dueTrial, err error) {
		err = row.Scan(&d.id, &d.userID, &d.priceID, &d.trialEnd)
		d.trialEnd = d.trialEnd.UTC()
		return d, err
	})
}

func (s *Store) claimTrialReminder(ctx context.Context, id int64, now time.Time) (bool, error) {
	var claimed bool
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.Exec(ctx, `UPDATE billing_subscriptions SET trial_reminded_at = ? WHERE id = ? AND trial_reminded_at IS NULL`, now, id)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		claimed = n == 1
		return err
	})
	return claimed, err
}

func (s *Store) releaseTrialReminder(ctx context.Context, id int64) error {
	_, err := s.db.Exec(ctx, `UPDATE billing_subscriptions SET trial_reminded_at = NULL WHERE id = ?`, id)
	return err
}
