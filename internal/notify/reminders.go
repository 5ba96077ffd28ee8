package notify

import (
	"context"
	"database/sql"
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"hyrox/internal/db"
)

// ReminderHour is when, in the athlete's zone, the reminder of the next
// day's sessions goes (docs/notifications.md#session-reminders).
const ReminderHour = 18

// SessionsOn names, for each of users, their planned sessions of a day
// (YYYY-MM-DD) that are not done yet; the server wires it to training.
type SessionsOn func(ctx context.Context, users []int64, day string) (map[int64][]string, error)

// Fallback tells a user a message another way (e-mail) when no browser of
// theirs took the push.
type Fallback func(ctx context.Context, userID int64, m Message) error

// SendSessionReminders reminds each user who opted in, once their evening
// has come (ReminderHour in their zone), of the next day's sessions: by push,
// or by fallback when no browser took it. Each user's day is claimed first,
// so a day is reminded of once across runs and instances. The users due are
// claimed and their sessions read together, per day (a few queries a run,
// whatever the number of users).
func (s *Service) SendSessionReminders(ctx context.Context, sessionsOn SessionsOn, fallback Fallback) (int, error) {
	users, err := s.store.reminderUsers(ctx)
	if err != nil {
		return 0, err
	}
	now := s.now()
	due := map[string][]int64{} // tomorrow's date in the user's zone -> users
	for _, u := range users {
		loc, err := time.LoadLocation(u.zone)
		if err != nil {
			loc = time.UTC
		}
		if local := now.In(loc); local.Hour() >= ReminderHour {
			tomorrow := local.AddDate(0, 0, 1).Format(time.DateOnly)
			due[tomorrow] = append(due[tomorrow], u.id)
		}
	}
	sent := 0
	for _, tomorrow := range slices.Sorted(maps.Keys(due)) {
		claimed, err := s.store.claimReminderDay(ctx, due[tomorrow], tomorrow)
		if err != nil || len(claimed) == 0 {
			return sent, err
		}
		titles, err := sessionsOn(ctx, claimed, tomorrow)
		if err != nil {
			return sent, err
		}
		for _, id := range claimed {
			if len(titles[id]) == 0 {
				continue
			}
			m := reminderMessage(titles[id], tomorrow)
			delivered, err := s.Notify(ctx, id, SessionReminders, m)
			if err == nil && !delivered && fallback != nil {
				err = fallback(ctx, id, m)
			}
			if err != nil {
				return sent, err
			}
			sent++
		}
	}
	return sent, nil
}

func reminderMessage(titles []string, day string) Message {
	title := "Tomorrow: " + titles[0]
	if len(titles) > 1 {
		title += " and " + strconv.Itoa(len(titles)-1) + " more"
	}
	body := titles[0]
	for _, t := range titles[1:] {
		body += ", " + t
	}
	return Message{Title: title, Body: body, URL: "/calendar", Tag: "sessions-" + day}
}

type reminderUser struct {
	id   int64
	zone string
}

// reminderUsers are the users who opted into session reminders, with their zone.
func (s *Store) reminderUsers(ctx context.Context) ([]reminderUser, error) {
	rows, err := s.db.Query(ctx, `SELECT n.user_id, COALESCE(z.time_zone, 'UTC') FROM notification_settings n
		LEFT JOIN notification_zones z ON z.user_id = n.user_id
		WHERE n.kind = ? AND n.enabled ORDER BY n.user_id`, string(SessionReminders))
	return db.Collect(rows, err, func(row db.Scanner) (u reminderUser, err error) {
		err = row.Scan(&u.id, &u.zone)
		return u, err
	})
}

// claimReminderDay records that users are reminded of day, and answers those
// who were not already, sorted: one statement per 500 users.
func (s *Store) claimReminderDay(ctx context.Context, users []int64, day string) ([]int64, error) {
	var claimed []int64
	for len(users) > 0 {
		batch := users[:min(len(users), 500)]
		users = users[len(batch):]
		args := make([]any, 0, 2*len(batch))
		for _, id := range batch {
			args = append(args, id, day)
		}
		err := s.db.InTx(ctx, func(tx *db.Tx) error {
			rows, err := tx.Query(ctx, `INSERT INTO session_reminders_sent (user_id, day) VALUES `+
				strings.TrimSuffix(strings.Repeat("(?, ?), ", len(batch)), ", ")+` ON CONFLICT DO NOTHING RETURNING user_id`, args...)
			ids, err := db.Collect(rows, err, func(row db.Scanner) (id int64, err error) { return id, row.Scan(&id) })
			claimed = append(claimed, ids...)
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	slices.Sort(claimed)
	return claimed, nil
}

// SaveZone keeps the zone of userID's evenings.
func (s *Store) SaveZone(ctx context.Context, userID int64, zone string) error {
	_, err := s.db.Exec(ctx, `INSERT INTO notification_zones (user_id, time_zone) VALUES (?, ?)
		ON CONFLICT (user_id) DO UPDATE SET time_zone = excluded.time_zone`, userID, zone)
	return err
}

// Zone is userID's zone ("" when never sent).
func (s *Store) Zone(ctx context.Context, userID int64) (string, error) {
	var z string
	err := s.db.QueryRow(ctx, `SELECT time_zone FROM notification_zones WHERE user_id = ?`, userID).Scan(&z)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return z, err
}
