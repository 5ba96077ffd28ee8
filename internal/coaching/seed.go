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
