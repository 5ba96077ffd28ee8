package imports

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/identity"
)

// Racing is what imports needs of racing to save a HYROX result through
// racing's own create path (so analytics, percentiles and the leaderboard
// use it); the server wires it.
type Racing interface {
	CreateResult(ctx context.Context, id identity.Identity, r HyroxResult) (ResultRef, error)
	// Result is the athlete's result with that id; found false when there
	// is none.
	Result(ctx context.Context, userID, resultID int64) (ref ResultRef, found bool, err error)
	DefaultDivision(ctx context.Context, userID int64) (string, error)
}

// ResultRef names a race result: its id and when it was created (an id can
// be reused once its result is deleted).
type ResultRef struct {
	ID      int64
	Created time.Time
}

// HyroxResult is the race result a confirmed mapping becomes.
type HyroxResult struct {
	Date      string
	EventName string
	Kind      string // race | simulation
	Division  string
	Splits    Splits
}

// Kinds of a HYROX result.
const (
	KindRace       = "race"
	KindSimulation = "simulation"
)

// DefaultSimulationName names a simulation saved without an event name.
const DefaultSimulationName = "HYROX simulation"

// UseRacing lets athletes save lapped activities as HYROX results.
func (s *Service) UseRacing(r Racing) { s.racing = r }

// HyroxProposal is an imported activity's laps with the mapping proposed
// for them (docs/import.md#hyrox-races-and-simulations).
type HyroxProposal struct {
	ActivityID   int64     `json:"activityId"`
	FileName     string    `json:"fileName"`
	Sport        string    `json:"sport"`
	StartedAt    time.Time `json:"startedAt"`
	Date         string    `json:"date"` // the athlete's local day
	DurationS    int       `json:"durationS"`
	Laps         []Split   `json:"laps"`
	State        string    `json:"state"` // recognised | manual
	Reason       string    `json:"reason,omitempty"`
	Roxzone      string    `json:"roxzone"`
	Mapping      []string  `json:"mapping"` // empty when the athlete maps the laps
	Splits       *Splits   `json:"splits,omitempty"`
	Division     string    `json:"division"`
	RaceResultID *int64    `json:"raceResultId,omitempty"`
}

// storedActivity is what the HYROX mapping reads of an imported activity.
type storedActivity struct {
	ID           int64
	FileName     string
	Sport        string
	StartedAt    time.Time
	DurationS    int
	Laps         []Split
	RaceResultID *int64
	created      *int64 // when that result was created (microseconds)
	stored       int64  // race_result_id as stored (0: none), for the claim
}

var errNoActivity = apperr.Errorf(apperr.CodeNotFound, "Imported activity not found.")

func (s *Service) activity(ctx context.Context, userID, id int64) (storedActivity, error) {
	a, err := s.store.activity(ctx, userID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return a, errNoActivity
	}
	if err != nil {
		return a, err
	}
	// A result deleted since no longer holds the activity.
	if a.RaceResultID != nil {
		a.stored = *a.RaceResultID
	}
	if a.RaceResultID != nil && s.racing != nil {
		ref, ok, err := s.racing.Result(ctx, userID, *a.RaceResultID)
		if err != nil {
			return a, err
		}
		if !ok || a.created == nil || ref.Created.UnixMicro() != *a.created {
			a.RaceResultID = nil
		}
	}
	return a, nil
}

// Proposal reads an imported activity's laps and proposes their mapping.
func (s *Service) Proposal(ctx context.Context, userID, id int64, roxzone string, zone *time.Location) (HyroxProposal, error) {
	if roxzone != RoxzoneFold {
		roxzone = RoxzoneSplit
	}
	a, err := s.activity(ctx, userID, id)
	if err != nil {
		return HyroxProposal{}, err
	}
	if len(a.Laps) < minHyroxLaps {
		return HyroxProposal{}, apperr.Errorf(apperr.CodeInvalid,
			"This activity has %d laps: a HYROX race needs at least 9 (one per run and at least one station).", len(a.Laps))
	}
	p := HyroxProposal{ActivityID: a.ID, FileName: a.FileName, Sport: a.Sport, StartedAt: a.StartedAt.UTC(),
		Date: a.StartedAt.In(zone).Format(time.DateOnly), DurationS: a.DurationS, Laps: a.Laps, Roxzone: roxzone,
		Mapping: []string{}, RaceResultID: a.RaceResultID}
	pattern, state, reason := Recognise(a.Laps, float64(a.DurationS))
	switch state {
	case HyroxRecognised:
		p.State, p.Mapping = state, Propose(pattern, roxzone)
		sp, err := ApplyMapping(a.Laps, p.Mapping)
		if err == nil {
			p.Splits = &sp
		}
	case HyroxManual:
		p.State, p.Reason = state, reason
	default:
		p.State, p.Reason = HyroxManual, "These laps do not look like a HYROX race: if it was one, map them yourself."
	}
	if s.racing != nil {
		if p.Division, err = s.racing.DefaultDivision(ctx, userID); err != nil {
			return HyroxProposal{}, err
		}
	}
	return p, nil
}

// HyroxConfirm is the athlete's confirmed mapping.
type HyroxConfirm struct {
	Mapping   []string `json:"mapping"`
	Kind      string   `json:"kind"` // simulation (default) | race
	EventName string   `json:"eventName"`
	Division  string   `json:"division"`
	Date      string   `json:"date"`
	// RoxzoneSeconds, with no lap mapped to the Roxzone, is the athlete's
	// Roxzone time, taken out of the runs (TakeRoxzone).
	RoxzoneSeconds *int `json:"roxzoneSeconds"`
}

// HyroxSaved is the result a confirmation saved.
type HyroxSaved struct {
	ActivityID   int64  `json:"activityId"`
	RaceResultID int64  `json:"raceResultId"`
	Kind         string `json:"kind"`
	EventName    string `json:"eventName"`
	Splits       Splits `json:"splits"`
}

// Confirm saves the activity as a HYROX result from the athlete's mapping:
// a simulation unless they mark it a race and name the event. An activity
// becomes one result at most (while that result exists).
func (s *Service) Confirm(ctx context.Context, me identity.Identity, id int64, in HyroxConfirm) (HyroxSaved, error) {
	if s.racing == nil {
		return HyroxSaved{}, apperr.Errorf(apperr.CodeUnavailable, "HYROX results cannot be saved right now.")
	}
	a, err := s.activity(ctx, me.UserID, id)
	if err != nil {
		return HyroxSaved{}, err
	}
	if a.RaceResultID != nil {
		return HyroxSaved{}, apperr.Errorf(apperr.CodeConflict, "This activity is already saved as a HYROX result.")
	}
	in.EventName = strings.TrimSpace(in.EventName)
	switch in.Kind {
	case "":
		in.Kind = KindSimulation
	case KindRace, KindSimulation:
	default:
		return HyroxSaved{}, apperr.Invalid(map[string]string{"kind": "Kind must be race or simulation."}, "kind")
	}
	if in.Kind == KindRace && in.EventName == "" {
		return HyroxSaved{}, apperr.Invalid(map[string]string{"eventName": "Name the event to save a race."}, "eventName")
	}
	if in.EventName == "" {
		in.EventName = DefaultSimulationName
	}
	sp, err := ApplyMapping(a.Laps, in.Mapping)
	if err != nil {
		return HyroxSaved{}, err
	}
	if in.RoxzoneSeconds != nil {
		if err := TakeRoxzone(&sp, *in.RoxzoneSeconds); err != nil {
			return HyroxSaved{}, err
		}
	}
	if in.Date == "" {
		in.Date = a.StartedAt.UTC().Format(time.DateOnly)
	}
	if in.Division == "" {
		if in.Division, err = s.racing.DefaultDivision(ctx, me.UserID); err != nil {
			return HyroxSaved{}, err
		}
	}
	// Claim the activity first, so two confirmations at once save one result.
	claimed, err := s.store.claimResult(ctx, me.UserID, id, a.stored)
	if err != nil {
		return HyroxSaved{}, err
	}
	if !claimed {
		return HyroxSaved{}, apperr.Errorf(apperr.CodeConflict, "This activity is already saved as a HYROX result.")
	}
	ref, err := s.racing.CreateResult(ctx, me, HyroxResult{Date: in.Date, EventName: in.EventName, Kind: in.Kind, Division: in.Division, Splits: sp})
	if err != nil {
		if rerr := s.store.setResult(ctx, me.UserID, id, nil); rerr != nil {
			s.logger.Error("release HYROX claim", "err", rerr)
		}
		return HyroxSaved{}, err
	}
	if err := s.store.setResult(ctx, me.UserID, id, &ref); err != nil {
		return HyroxSaved{}, err
	}
	return HyroxSaved{ActivityID: id, RaceResultID: ref.ID, Kind: in.Kind, EventName: in.EventName, Splits: sp}, nil
}

// lapsOf decodes a stored laps column.
func lapsOf(s string) []Split {
	var laps []Split
	if json.Unmarshal([]byte(s), &laps) != nil || laps == nil {
		return []Split{}
	}
	return laps
}
