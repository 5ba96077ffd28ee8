package imports

import (
	"net/http"
	"strconv"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/httpx"
)

// proposal serves GET /api/imports/activities/{id}/hyrox: the activity's laps
// and the mapping proposed for them (?roxzone=fold|split, ?timeZone= for its
// local date).
func (h *HTTP) proposal(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	q := r.URL.Query()
	rox := q.Get("roxzone")
	if rox != "" && rox != RoxzoneFold && rox != RoxzoneSplit {
		return apperr.Invalid(map[string]string{"roxzone": "Roxzone must be fold or split."}, "roxzone")
	}
	zone := time.UTC
	if tz := q.Get("timeZone"); tz != "" {
		loc, err := time.LoadLocation(tz)
		if err != nil || tz == "Local" {
			return apperr.Invalid(map[string]string{"timeZone": "Unknown time zone"}, "timeZone")
		}
		zone = loc
	}
	p, err := h.svc.Proposal(r.Context(), me.UserID, id, rox, zone)
	return httpx.Reply(w, http.StatusOK, p, err)
}

// confirm serves POST /api/imports/activities/{id}/hyrox: the athlete's
// mapping saved as a race result (a simulation unless marked a race).
func (h *HTTP) confirm(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	if err := h.confirms.Allow("user:" + strconv.FormatInt(me.UserID, 10)); err != nil {
		return err
	}
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	var in HyroxConfirm
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	saved, err := h.svc.Confirm(r.Context(), me, id, in)
	return httpx.Reply(w, http.StatusCreated, saved, err)
}
