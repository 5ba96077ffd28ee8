package coaching

import (
	"context"
	"time"

	"hyrox/internal/db"
)

// DemoCoach is the demo coach's profile; the seed assigns DemoAthletes to it.
var DemoCoach = Coach{Username: "demo_coach", Name: "Alex Morgan",
	Bio: "HYROX Elite 15 finisher and strength coach. I build race-specific blocks around your " +
		"running engine and your weakest stations, and I review every key session with you.",
	Photo: "hero-athlete", Specialities: []string{"Race strategy", "Running engine", "Sled work", "Wall balls"},
	TimeZone: "Europe/London"}

// DemoAthletes are the elite demo accounts coached by demo_coach.
var DemoAthletes = []string{"demo_elite", "demo_elite_2"}

// DemoAvailability is demo_coach's week: Monday to Friday 07:00-09:00 and
// 17:00-20:00 (Europe/London).
func DemoAvailability() Availability {
	av := Availability{Weekly: []Window{}, Exceptions: []Exception{}}
	for d := 1; d <= 5; d++ {
		av.Weekly = append(av.Weekly, Window{Weekday: d, Start: "07:00", End: "09:00"}, Window{Weekday: d, Start: "17:00", End: "20:00"})
	}
	return av
}

// Seed gives demo_coach a profile and its two athletes with a first message;
// running it again changes nothing.
func Seed(ctx context.Context, d *db.DB, users map[string]int64) error {
	coachID, ok := users[DemoCoach.Username]
	if !ok {
		return nil
	}
	store := NewStore(d)
	c := DemoCoach
	c.ID = coachID
	if err := store.SaveProfile(ctx, c); err != nil {
		return err
	}
	now := time.Now().UTC().Truncate(time.Microsecond)
	if av, err := store.Availability(ctx, coachID); err != nil {
		return err
	} else if len(av.Weekly) == 0 {
		if err := store.SaveAvailability(ctx, coachID, DemoAvailability(), now); err != nil {
			return err
		}
	}
	for _, name := range DemoAthletes {
		athleteID, ok := users[name]
		if !ok {
			continue
		}
		current, err := store.CurrentCoach(ctx, athleteID)
		if err != nil {
			return err
		}
		if current != 0 {
			continue
		}
		threadID, err := store.Assign(ctx, athleteID, coachID, now)
		if err != nil {
			return err
		}
		if _, err := store.AddMessage(ctx, Message{ThreadID: threadID, SenderID: coachID, Username: c.Username,
			Body: "Welcome aboard! Tell me about your next race and your weakest station.", CreatedAt: now}); err != nil {
			return err
		}
	}
	return nil
}
