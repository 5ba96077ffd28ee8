package imports

import (
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/httpx"
)

// proposal serves GET /api/imports/activities/{id}/hyrox: the activity's laps
// and the mapping proposed for them (?roxzone=fold|split, ?timeZone= for its
// local date).
func (h *HTTP) proposal(c *httpx.Call) (HyroxProposal, error) {
	rox := c.Query("roxzone")
	if rox != "" && rox != RoxzoneFold && rox != RoxzoneSplit {
		return HyroxProposal{}, apperr.Invalid(map[string]string{"roxzone": "Roxzone must be fold or split."}, "roxzone")
	}
	zone := time.UTC
	if tz := c.Query("timeZone"); tz != "" {
		loc, err := time.LoadLocation(tz)
		if err != nil || tz == "Local" {
			return HyroxProposal{}, apperr.Invalid(map[string]string{"timeZone": "Unknown time zone"}, "timeZone")
		}
		zone = loc
	}
	return h.svc.Proposal(c.Context(), c.Me.UserID, c.ID, rox, zone)
}

// confirm serves POST /api/imports/activities/{id}/hyrox: the athlete's
// mapping saved as a race result (a simulation unless marked a race).
func (h *HTTP) confirm(c *httpx.Call, in HyroxConfirm) (HyroxSaved, error) {
	return h.svc.Confirm(c.Context(), c.Me, c.ID, in)
}
