package live

import (
	"net/http"
	"strconv"
	"time"
)

// writeWait is how long one write to a stream may take; a client that does
// not read is dropped after it.
const writeWait = 10 * time.Second

// Serve writes s to w as server-sent events until the stream must end (its
// session ended, it reached Ends, it fell behind, the server stops) or the
// client goes away, then leaves the hub. An idle stream is one parked
// goroutine: it wakes for its events, its heartbeat and its end.
func (h *Hub) Serve(w http.ResponseWriter, r *http.Request, s *Stream, heartbeat time.Duration) {
	defer s.Leave()
	rc := http.NewResponseController(w)
	// The server's read and write timeouts are for ordinary requests; a
	// stream lives on, with a deadline per write instead, and its own end.
	_ = rc.SetReadDeadline(time.Time{})
	hd := w.Header()
	hd.Set("Content-Type", "text/event-stream")
	hd.Set("Cache-Control", "no-store")
	hd.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	write := func(s string) bool {
		_ = rc.SetWriteDeadline(time.Now().Add(writeWait))
		if _, err := w.Write([]byte(s)); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	if !write("retry: 3000\n: connected\n\n") {
		return
	}
	beat := time.NewTicker(heartbeat)
	defer beat.Stop()
	end := time.NewTimer(s.Ends.Sub(h.clock()))
	defer end.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.Done:
			return
		case <-end.C:
			return
		case e := <-s.Events:
			select {
			case <-s.Done: // ended meanwhile (a logout): nothing more goes out
				return
			default:
			}
			if !write("id: " + strconv.FormatInt(e.ID, 10) + "\nevent: " + e.Name + "\ndata: " + string(e.Data) + "\n\n") {
				return
			}
		case <-beat.C:
			if !write(": heartbeat\n\n") {
				return
			}
		}
	}
}
